package pgstore

import (
	"errors"
	"fmt"
	"net"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Why a connection failed, for the hint that says what to do.
var (
	// ErrAuth means the server refused the user or its password.
	ErrAuth = errors.New("the server refused the user or password")
	// ErrNoDatabase means the server has no database of that name.
	ErrNoDatabase = errors.New("no such database")
	// ErrUnreachable means no PostgreSQL server answered at the address.
	ErrUnreachable = errors.New("no PostgreSQL server answers")
)

// connectError gives a failed connection's cause first: pgx tries TLS,
// then plain, and lists each attempt's error, so a server without TLS
// led with "tls error: server refused TLS connection" where the cause
// was a password (issue 52). The server's own refusal comes first, then
// an address nothing answers at; the password is never in either.
func connectError(cfg *pgxpool.Config, err error) error {
	c := cfg.ConnConfig
	at := fmt.Sprintf("connect to database %q on %s:%d as %q", c.Database, c.Host, c.Port, c.User)
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch pg.Code {
		case "28P01", "28000": // invalid_password, invalid_authorization_specification
			return fmt.Errorf("open index: %s: %w: %s", at, ErrAuth, pg.Message)
		case "3D000": // invalid_catalog_name
			return fmt.Errorf("open index: %s: %w: %s", at, ErrNoDatabase, pg.Message)
		}
		return fmt.Errorf("open index: %s: %s (SQLSTATE %s)", at, pg.Message, pg.Code)
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return fmt.Errorf("open index: %s: %w: %v", at, ErrUnreachable, op.Err)
	}
	return fmt.Errorf("open index: %w", redact(err))
}
