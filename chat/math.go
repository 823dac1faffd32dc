package chat

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"docqa/internal/lazyre"
)

// Errors of [Eval].
var (
	ErrNotMath    = errors.New("not an arithmetic expression")
	ErrMathDomain = errors.New("arithmetic error")
)

const (
	maxExprLen  = 200
	maxDepth    = 50
	maxExponent = 1000
)

// mathPrefix is the wording that may come before an expression.
var mathPrefix = lazyre.New(`(?i)^\s*(what(\s+is|'s)|how much is|calculate|compute|evaluate|eval)\s+`)

// MathExpr returns the arithmetic expression a chat line asks for ("128 *
// 64", "what is (2+3)^2?", "15% of 80"), or false when the line is not
// one: it must hold a digit and an operator and nothing but numbers,
// operators, brackets and "of".
func MathExpr(line string) (string, bool) {
	s := mathPrefix.ReplaceAllString(strings.TrimSpace(line), "")
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), "?=! "))
	if s == "" || len(s) > maxExprLen {
		return "", false
	}
	rest := strings.ReplaceAll(strings.ToLower(s), "of", "")
	digit, op := false, false
	for _, r := range rest {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune("+-*/%^x×÷", r):
			op = true
		case strings.ContainsRune(" .,()", r):
		default:
			return "", false
		}
	}
	if !digit || !op {
		return "", false
	}
	return s, true
}

// Eval computes an arithmetic expression: + - * / % ^ (power, right
// associative), unary minus, brackets, decimals, "x" and "×" for times,
// "÷" for divide, and percentages ("15%" is 0.15, "15% of 80" is 12; a
// "%" between two numbers is the remainder). It never runs code: it is a
// small recursive-descent parser with bounded depth and exponents.
func Eval(expr string) (float64, error) {
	if len(expr) > maxExprLen {
		return 0, fmt.Errorf("%w: too long", ErrNotMath)
	}
	toks, err := lex(expr)
	if err != nil {
		return 0, err
	}
	p := &parser{toks: toks}
	v, err := p.sum(0)
	if err != nil {
		return 0, err
	}
	if p.i != len(p.toks) {
		return 0, fmt.Errorf("%w: unexpected %q", ErrNotMath, p.toks[p.i].s)
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("%w: the result is too large", ErrMathDomain)
	}
	return v, nil
}

// FormatNumber writes v without float noise: 0.1+0.2 is "0.3", 8192.0 is
// "8192".
func FormatNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	s := strconv.FormatFloat(v, 'g', 12, 64)
	if f, err := strconv.ParseFloat(s, 64); err == nil && math.Abs(f) >= 1e-6 && math.Abs(f) < 1e15 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return s
}

type token struct {
	s   string // operator, "(", ")", "of", or the number's text
	num float64
	isN bool
}

func lex(s string) ([]token, error) {
	var out []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c >= '0' && c <= '9' || c == '.':
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' || s[j] == ',' && isThousands(s[j+1:])) {
				j++
			}
			text := strings.ReplaceAll(s[i:j], ",", "")
			v, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return nil, fmt.Errorf("%w: bad number %q", ErrNotMath, s[i:j])
			}
			out = append(out, token{s: text, num: v, isN: true})
			i = j
		case strings.HasPrefix(strings.ToLower(s[i:]), "of"):
			out = append(out, token{s: "of"})
			i += 2
		case strings.HasPrefix(s[i:], "×"), strings.HasPrefix(s[i:], "÷"):
			op := "*"
			if strings.HasPrefix(s[i:], "÷") {
				op = "/"
			}
			out = append(out, token{s: op})
			i += len("×")
		case c == 'x' || c == 'X':
			out = append(out, token{s: "*"})
			i++
		case strings.IndexByte("+-*/%^()", c) >= 0:
			out = append(out, token{s: string(c)})
			i++
		default:
			return nil, fmt.Errorf("%w: unexpected %q", ErrNotMath, string(c))
		}
	}
	if len(out) == 0 {
		return nil, ErrNotMath
	}
	return out, nil
}

// isThousands reports whether s starts with exactly three digits and no
// more: the group after a thousands comma.
func isThousands(s string) bool {
	if len(s) < 3 {
		return false
	}
	for k := 0; k < 3; k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return len(s) == 3 || s[3] < '0' || s[3] > '9'
}

type parser struct {
	toks []token
	i    int
}

func (p *parser) peek() string {
	if p.i < len(p.toks) {
		return p.toks[p.i].s
	}
	return ""
}

// sum: product (("+" | "-") product)*
func (p *parser) sum(depth int) (float64, error) {
	v, err := p.product(depth)
	if err != nil {
		return 0, err
	}
	for op := p.peek(); op == "+" || op == "-"; op = p.peek() {
		p.i++
		w, err := p.product(depth)
		if err != nil {
			return 0, err
		}
		if op == "+" {
			v += w
		} else {
			v -= w
		}
	}
	return v, nil
}

// product: unary (("*" | "/" | "%") unary)*
func (p *parser) product(depth int) (float64, error) {
	v, err := p.unary(depth)
	if err != nil {
		return 0, err
	}
	for op := p.peek(); op == "*" || op == "/" || op == "%"; op = p.peek() {
		p.i++
		w, err := p.unary(depth)
		if err != nil {
			return 0, err
		}
		switch {
		case op == "*":
			v *= w
		case w == 0:
			return 0, fmt.Errorf("%w: division by zero", ErrMathDomain)
		case op == "/":
			v /= w
		default:
			v = math.Mod(v, w)
		}
	}
	return v, nil
}

// power: primary ("^" unary)?, so -2^2 is -4 and 2^-1 is 0.5
func (p *parser) power(depth int) (float64, error) {
	if depth > maxDepth {
		return 0, fmt.Errorf("%w: nested too deep", ErrNotMath)
	}
	v, err := p.primary(depth)
	if err != nil {
		return 0, err
	}
	if p.peek() != "^" {
		return v, nil
	}
	p.i++
	e, err := p.unary(depth + 1)
	if err != nil {
		return 0, err
	}
	if math.Abs(e) > maxExponent {
		return 0, fmt.Errorf("%w: exponent over %d", ErrMathDomain, maxExponent)
	}
	r := math.Pow(v, e)
	if math.IsNaN(r) {
		return 0, fmt.Errorf("%w: no real result", ErrMathDomain)
	}
	return r, nil
}

// unary: ("-" | "+") unary | power
func (p *parser) unary(depth int) (float64, error) {
	switch p.peek() {
	case "-", "+":
		if depth > maxDepth {
			return 0, fmt.Errorf("%w: nested too deep", ErrNotMath)
		}
		neg := p.peek() == "-"
		p.i++
		v, err := p.unary(depth + 1)
		if neg {
			v = -v
		}
		return v, err
	}
	return p.power(depth)
}

// primary: number ["%" ["of" unary]] | "(" sum ")"
func (p *parser) primary(depth int) (float64, error) {
	if p.i >= len(p.toks) {
		return 0, fmt.Errorf("%w: the expression ends too soon", ErrNotMath)
	}
	t := p.toks[p.i]
	switch {
	case t.s == "(":
		p.i++
		v, err := p.sum(depth + 1)
		if err != nil {
			return 0, err
		}
		if p.peek() != ")" {
			return 0, fmt.Errorf("%w: missing )", ErrNotMath)
		}
		p.i++
		return p.percent(v, depth)
	case t.isN:
		p.i++
		return p.percent(t.num, depth)
	}
	return 0, fmt.Errorf("%w: unexpected %q", ErrNotMath, t.s)
}

// percent reads a postfix "%" after v (a "%" followed by a number or a
// bracket is the remainder operator instead), and "of X".
func (p *parser) percent(v float64, depth int) (float64, error) {
	if p.peek() != "%" {
		return v, nil
	}
	if p.i+1 < len(p.toks) {
		if next := p.toks[p.i+1]; next.isN || next.s == "(" || next.s == "-" {
			return v, nil // remainder
		}
	}
	p.i++
	v /= 100
	if p.peek() == "of" {
		p.i++
		w, err := p.unary(depth + 1)
		if err != nil {
			return 0, err
		}
		v *= w
	}
	return v, nil
}
