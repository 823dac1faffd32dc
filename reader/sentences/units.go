package sentences

import (
	"slices"
	"strings"
	"unicode"

	"docqa/internal/lazyre"
	textterms "docqa/internal/terms"
)

// What a number question's words say of the number's form: the units of
// a measure ("how long": hours, metres), the words that ask for a share.

// reMeasureQ asks for a measure whose answer is a number of its units.
var reMeasureQ = lazyre.New(`(?i)\bhow (long|old|far)\b`)

// measureUnits are the units of each measure [reMeasureQ] asks for:
// "How long does charging take?" is not answered by "10%".
var measureUnits = map[string]map[string]bool{
	"long": unitSet(durationUnits + " " + lengthUnits),
	"old":  unitSet("year years yr yrs month months week weeks day days"),
	"far":  unitSet(lengthUnits),
}

var (
	// reOftenQ asks how often: its answer is an interval, "every 400
	// flight hours or 12 months", not the number in it.
	reOftenQ = lazyre.New(`(?i)\bhow often\b|\bat what interval|\bhow frequently\b`)
	// reInterval is an interval as a sentence writes it, to the end of
	// its clause: "every 400 flight hours or 12 months", "once a year".
	reInterval = lazyre.New(`(?i)\b(?:every|each|once (?:a|an|every|per)|twice (?:a|an|per)|(?:one|two|three|four) times (?:a|an|per))\b[^,.;:()]*`)
)

// intervalUnits are what an interval is counted in: time, distance, or
// the uses of a machine.
var intervalUnits = unitSet(durationUnits + " " + lengthUnits + " cycle cycles landing landings flight flights use uses shift shifts")

// intervalMarkers are the words of [reInterval]'s opening.
var intervalMarkers = unitSet("every each once twice one two three four times a an per")

// interval returns the interval sentence s states, "" for none: a clause
// from "every" whose next word is a unit of time, distance or use, or
// that holds a number and such a unit.
func interval(s string) string {
	for _, m := range reInterval.FindAllString(s, -1) {
		m = strings.TrimSpace(m)
		ws := strings.Fields(strings.ToLower(m))
		if i := slices.IndexFunc(ws, func(w string) bool { return !intervalMarkers[w] }); i >= 0 && intervalUnits[ws[i]] {
			return m // "every year", "once a month"
		}
		if strings.IndexFunc(m, unicode.IsDigit) < 0 {
			continue
		}
		for _, w := range ws[1:] {
			if intervalUnits[strings.Trim(w, ".,")] {
				return m // "every 400 flight hours or 12 months"
			}
		}
	}
	return ""
}

// The units of a duration and of a length, as a text splits them.
const (
	durationUnits = "s sec secs second seconds min mins minute minutes h hr hrs hour hours day days week weeks month months year years"
	lengthUnits   = "mm cm m km inch inches ft foot feet meter meters metre metres mile miles yard yards"
)

// measureWords are the units a measure a question names by its noun
// ("What is the maximum oil temperature?") is written in, which its
// answer keeps: "110 degrees Celsius", "2.5 kg".
var measureWords = unitSet(durationUnits + " " + lengthUnits + " degree degrees celsius fahrenheit kelvin °c °f k v volt volts mv a amp amps ampere amperes ma w watt watts kw kwh wh mah hz khz mhz ghz g gram grams kg kilogram kilograms lb lbs pound pounds oz ounce ounces t ton tons tonne tonnes l litre litres liter liters ml gallon gallons psi bar pa kpa mpa db dpi rpm px pixels mph kph km/h m/s percent %")

// measureAfter returns the unit words written after the number of field
// k, two at most ("degrees Celsius"), with a space before them, or "".
func measureAfter(fields []string, k int) string {
	out := ""
	for j := k + 1; j < len(fields) && j <= k+2 && measureWords[bare(fields, j)]; j++ {
		out += " " + strings.TrimRight(fields[j], ".,;:)")
		if strings.ContainsAny(fields[j], ".,;:)") {
			break
		}
	}
	return out
}

func unitSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, u := range strings.Fields(s) {
		m[u] = true
	}
	return m
}

// unitAt reports whether the number of field k is written with one of
// units: after it ("3 hours") or hyphenated to it ("2-hour").
func unitAt(fields []string, k int, units map[string]bool) bool {
	f := strings.ToLower(strings.TrimRight(fields[k], ".,;:"))
	rest := strings.TrimLeft(strings.TrimLeftFunc(f, func(r rune) bool { return unicode.IsDigit(r) || r == '.' || r == ',' || r == '~' || r == '≈' }), "-")
	if rest != "" {
		return units[rest]
	}
	return units[bare(fields, k+1)]
}

// shareWords are the terms of "what percentage", "what proportion":
// they ask for the number's form, and a number beside them in a
// sentence ("by 20 percentage points—from 35%") is not the one asked
// about.
var shareWords = map[string]bool{}

func init() {
	for _, w := range []string{"percent", "percentage", "percentages", "proportion", "proportions"} {
		for _, t := range textterms.Of(w) {
			shareWords[t] = true
		}
	}
}

// reWhenQ tells a question that asks when: "When will the market open?"
// asks for a time, and "Openness 63.07" is no answer to it.
var reWhenQ = lazyre.New(`(?i)\bwhen (is|was|did|does|do|were|are|will|should|must|can)\b|\bwhat (time )?(period|time frame)\b`)

// timeUnits are the units a span of time is written in: "in 3 days".
var timeUnits = unitSet(durationUnits + " quarter quarters")

var weekdays = unitSet("monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun")

// timeAt reports whether the number of field k tells a time: a year ("in
// 2019"), a time of day ("9:30", "10 a.m."), a day of a month ("May 5",
// "5th of May"), a day beside its weekday, or a span of time ("within 3
// days", "every 400 flight hours").
func timeAt(fields []string, k int) bool {
	f := fields[k]
	if isYear(f) || reClock.MatchString(f) || unitAt(fields, k, timeUnits) {
		return true
	}
	if spanWord(fields, k) != "" {
		return true // "every 400 flight hours", "within 5 business days"
	}
	next := bare(fields, k+1)
	if next == "of" {
		next = bare(fields, k+2)
	}
	if clockWords[next] || monthName(next) || weekdays[next] {
		return true
	}
	if k > 0 {
		prev := bare(fields, k-1)
		return monthName(prev) || weekdays[prev]
	}
	return false
}

// reClock is a time of day written with a colon or a meridiem: "9:30",
// "10am", "5p.m.".
var reClock = lazyre.New(`(?i)^\(?\d{1,2}(:\d{2}(\s*[ap]\.?m\.?)?|\s*[ap]\.?m\.?)[).,;]*$`)

var clockWords = unitSet("am a.m pm p.m o'clock noon midnight")

// unitAfter returns the unit written after the number of field k, with
// a space before it, for an answer: one of units ("3 hours"), or for a
// when-question a span of time, with the word between ("400 flight
// hours"); "" when there is none.
func unitAfter(fields []string, k int, units map[string]bool, when bool) string {
	next := bare(fields, k+1)
	switch {
	case units[next], when && timeUnits[next]:
		return " " + next
	case symbols[next]:
		return " " + strings.TrimRight(fields[k+1], ".,;:)") // as written: "2 GB"
	case when && spanWord(fields, k) != "":
		return " " + next + " " + bare(fields, k+2)
	case when && monthName(next):
		// a day and its month: "by 02 Jan (for Aug intake)", "on 5
		// May 2014"
		day := " " + strings.TrimRight(fields[k+1], ".,;:)")
		if k+2 < len(fields) && isYear(fields[k+2]) {
			day += " " + strings.TrimRight(fields[k+2], ".,;:)")
		}
		return day
	}
	return ""
}

// symbols are units written by a symbol that no word is spelt like, which
// an answer's number keeps ("2 GB RAM", "2.2 GHz", "110 °C"): not "a",
// "in", "m" or "s", which are words too.
var symbols = unitSet("mg kg cm mm km ml mah wh kwh mw kw w v mv ma hz khz mhz ghz kb mb gb tb kbps mbps gbps dpi rpm psi kpa mpa db lb lbs oz ft °c °f")

// spanWord returns the word that qualifies a unit of time two fields
// after the number of field k ("flight" of "400 flight hours", "business"
// of "5 business days"), or "": a content word, not "each" or "every" of
// "May 5 each year".
func spanWord(fields []string, k int) string {
	next := bare(fields, k+1)
	if next == "" || !unicode.IsLetter(rune(next[0])) || !textterms.Content(next) || next == "every" || next == "per" || !timeUnits[bare(fields, k+2)] {
		return ""
	}
	return next
}
