// Package sentences holds the pages' sentences and what questions and
// sentences say: the [Pool] of a question's pages split into sentences
// (with a cache of split pages, [ForgetPages]), page turns, the [Context]
// a window reader reads, and the words of questions and sentences: their
// kind ([QuestionKind]), numbers, counts, units, dates, causes,
// comparisons, premises, definitions and order words.
package sentences
