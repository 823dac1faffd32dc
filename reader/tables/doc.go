// Package tables holds the readers of table rows, figures, cells and
// grids: a figure looked up by row label and year or computed from
// several ([ParseFigure], [Figure]), the most or least of a table's rows,
// a cell by the labels of its row and column ([TakeGrid]), and the
// primary statements' titles ([StatementHeaded]).
package tables
