// Package document holds the readers of whole-document counts: how many
// pages hold a kind of label (tables, figures: [Labels]), how many pages
// the document has ([PageCount]) and how often it mentions a thing
// ([TakeMentions]).
package document
