// Package units holds the readers of a document's units: lists and their
// items ([TakeItems], [TakeListCount]), a procedure's steps
// ([TakeProcedure]), notes ([TakeNote]), label/value fields and the
// outline ([TakeOutline], [Locate]).
package units
