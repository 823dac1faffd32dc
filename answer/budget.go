package answer

// budget hands out the characters of page text one question's context
// may hold (Request.MaxContext), in the order the context is built:
//
//  1. a follow-up's retained pages are held back at most a third
//     ([budget.retained]), so the new search always has room;
//  2. attached files take what they need of the rest, at most half of it
//     when an index is searched too ([budget.attachments]);
//  3. the search's pages take what is left ([budget.search]);
//  4. the retained pages then fill the room the new pages leave
//     ([budget.keptRoom]);
//  5. the model's one request for more evidence fits within the whole,
//     less the retained pages ([budget.evidence]).
//
// Every share of the context is one of these; nothing else divides it.
type budget struct{ total int }

// defaultMaxContext is the budget when a request names none: about
// 1,500 tokens of page text, room for three or four pages.
const defaultMaxContext = 6000

func newBudget(maxContext int) budget {
	if maxContext <= 0 {
		maxContext = defaultMaxContext
	}
	return budget{total: maxContext}
}

// retained is the part held back for a follow-up's retained pages.
func (b budget) retained(kept []Source) int { return min(size(kept), b.total/3) }

// attachments is the most that attached files may take.
func (b budget) attachments(kept []Source, indexed bool) int {
	n := b.total - b.retained(kept)
	if indexed {
		n /= 2
	}
	return n
}

// search is what the search's pages may take once the attachments took
// theirs.
func (b budget) search(kept, attached []Source) int {
	return b.total - b.retained(kept) - size(attached)
}

// keptRoom is the room the retained pages may fill beside the new pages.
func (b budget) keptRoom(fresh []Source) int { return b.total - size(fresh) }

// evidence is the room for the pages of a request for more evidence.
func (b budget) evidence(kept []Source) int { return b.total - size(kept) }
