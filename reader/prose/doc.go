// Package prose holds the sentence scorer ([ReadSentence]) and its checks
// of the best sentence ([SentenceCheck], the Check functions), and the
// readers of sentences and lines: a choice among options, a party,
// a byline, a degree, an order, a footnote, titles, keyed and condition
// rows, a verdict and money.
package prose
