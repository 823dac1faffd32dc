package sentences

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"docqa/internal/inquiry"
	"docqa/reader/base"
)

func TestQuestionKind(t *testing.T) {
	tests := []struct {
		q    string
		want Kind
	}{
		{"How many data centers does Alibaba Cloud have?", KindNumber},
		{"What percentage of voters were independents?", KindNumber},
		{"When was the plan revised?", KindNumber},
		{"What is the Email address on the cover?", kindEmail},
		{"What is the telephone no for The Limes?", kindPhone},
		{"What is INF LLP FAX No on page fourteen?", kindPhone},
		{"What is the phone number of the office?", kindPhone},
		{"What share of seniors own a cell phone?", KindNumber},
		{"What is the charging temperature range?", KindNumber},
		{"What is the F1 score of Codex on FEVEROUS?", KindNumber},
		{"What is the maximum weight of the unit?", KindNumber},
		{"What is the price for a single ticket?", KindNumber},
		{"What is the stipend per month for a Singapore Citizen at faculty level?", KindNumber},
		{"What is the range of products the company sells?", KindAny}, // a range, but of products
		{"What is the temperature sensor called?", KindAny},
		{"Do they have a smartphone phone or a tablet?", KindAny},
		{"Which website hosts the data?", kindWeb},
		{"What does NARL stand for in this document?", KindAcronym},
		{"What company is a plaintiff?", KindName},
		{"What drove the increase in inventories?", KindCause},
		{"What is the full form of ISRO?", KindAcronym},
		{"Which individual lead this program?", KindName},
		{"Who produced the document?", KindName},
		{"Which method integrates knowledge into white-box models?", KindName},
		{"The document represents which judges' opinions?", KindName},
		{"WHAT IS USCA CASE NUMBER?", KindNumber},
		{"What is the residential capacity of the district? Give me an integer.", KindNumber},
		{"What is the gap between the two systems? Write the answer in float format.", KindNumber},
		{"Format the date mentioned on page 14 as YYYY-MM-DD.", KindDate},
		{"What is the date of the document?", KindDate},
		{"What will happen when you press the button?", KindAny},
	}
	for _, tt := range tests {
		if got := QuestionKind(tt.q); got != tt.want {
			t.Errorf("questionKind(%q) = %d, want %d", tt.q, got, tt.want)
		}
	}
}

func TestHoldsKind(t *testing.T) {
	tests := []struct {
		k    Kind
		s, q string
		want bool
	}{
		{KindNumber, "Alibaba Cloud has 18 data centers.", "How many data centers?", true},
		{KindNumber, "In 2018 the share rose.", "What share in 2018?", false},
		{KindNumber, "It grew to 1,711,263 people in 2018.", "How many people in 2018?", true},
		// Footnote marks and names are no numbers.
		{KindNumber, "China's largest provider3, says Gartner.4 PaLM-2L", "How many data centers?", false},
		{KindNumber, "USCA11 Case: 21-13199", "What is the case number?", true},
		{kindEmail, "Kearney (308) 236-5137 combshj@unk.edu", "What is the email?", true},
		{kindEmail, "Write to the registrar.", "What is the email?", false},
		{kindPhone, "Tel: 01983 873655", "telephone?", true},
		{kindPhone, "Page 12 of 40", "telephone?", false},
		{kindPhone, "Inspection report 05/10/2015", "telephone?", false},
		{kindPhone, "Updated 2015-10-05", "telephone?", false},
		{kindWeb, "See www.example.org for more.", "which website?", true},
		{KindName, "Allison Crimmins, U.S. EPA", "Which individual lead this program?", true},
		{KindName, "the program lead", "Which individual lead this program?", false},
		{KindAcronym, "through ISRO and the National Atmospheric Research Laboratory (NARL).", "What does NARL stand for?", true},
		{KindAcronym, "NARL is in Gadanki.", "What does NARL stand for?", false},
		{KindAny, "anything", "anything?", false},
	}
	for _, tt := range tests {
		if got := KindTest(tt.k, inquiry.Parse(tt.q, nil, nil), base.DefaultParams())(tt.s); got != tt.want {
			t.Errorf("kindTest(%d, %q, DefaultParams())(%q) = %v, want %v", tt.k, tt.q, tt.s, got, tt.want)
		}
	}
}

func TestNearNumber(t *testing.T) {
	tests := []struct {
		q, s string
		want bool
	}{
		{"How many data centers does Alibaba Cloud have?", "Alibaba Cloud has a network of 18 data centers.", true},
		{"How many data centers does Alibaba Cloud have?", "Alibaba Cloud data centers opened across Asia after it was founded in 2009.", false},
		{"What is the USCA case number?", "USCA11 Case: 21-13199 Date Filed: 01/05/2022", true},
		// The question's own number is no answer.
		{"How many staff in 2018?", "In 2018 the staff grew.", false},
		{"How many staff?", "", false},
		// A count must count the thing the question counts.
		{"How many square miles does the county cover?", "The county covers approximately 538 square miles.", true},
		{"How many people live there?", "About 1.2 million people live there.", true},
		{"How many employees did it have?", "Employees: 10,400", true},
		{"How many tables include F1 as a metric?", "From Table 3, the models outperform the baselines.", false},
		{"How many tables include F1 as a metric?", "Authenticity (1) 1.00 1.00", false},
		{"How many regulations are breached?", "a breach of regulation 13 of the Act", false},
		{"How many regulations are breached?", "Regulation 12 HSCA (RA) Regulations 2014", false},
		{"How many steps are there for data exchange via USB?", "4.13 USB Data exchange is possible via the USB connection.", false},
		// "how many of them" names no thing: any question term beside will do.
		{"How many of them are not mentioned?", "Papers not mentioned: 5", true},
	}
	for _, tt := range tests {
		if _, got := NumberNear(inquiry.Parse(tt.q, nil, nil), base.DefaultParams())(tt.s); got != tt.want {
			t.Errorf("numberNear(%q, DefaultParams())(%q) found %v, want %v", tt.q, tt.s, got, tt.want)
		}
	}
}

func TestExpansion(t *testing.T) {
	tests := []struct{ s, ac, want string }{
		{"ISRO, Physical Research Laboratory (PRL), National Atmospheric Research Laboratory (NARL), and", "NARL", "National Atmospheric Research Laboratory"},
		{"the Department of Health and Human Services (DHHS) said", "DHHS", "Department of Health and Human Services"},
		{"the Indian Space Research Organisation (ISRO)", "ISRO", "Indian Space Research Organisation"},
		{"random words here (NARL)", "NARL", ""},
		{"(NARL) at the start", "NARL", ""},
		{"no acronym at all", "NARL", ""},
		{"Anything (X)", "", ""},
	}
	for _, tt := range tests {
		if got := Expansion(tt.s, tt.ac); got != tt.want {
			t.Errorf("expansion(%q, %q) = %q, want %q", tt.s, tt.ac, got, tt.want)
		}
	}
}

// FuzzExpansion: whatever the text, an expansion is a run of its words
// and never panics.
func FuzzExpansion(f *testing.F) {
	f.Add("the National Atmospheric Research Laboratory (NARL)", "What does NARL stand for?")
	f.Add("(A) (AB)", "AB")
	f.Fuzz(func(t *testing.T, s, q string) {
		ac := Acronym(inquiry.Parse(q, nil, nil))
		ex := Expansion(s, ac)
		if ex != "" && !strings.Contains(strings.Join(strings.Fields(s), " "), ex) {
			t.Errorf("expansion %q is not in %q", ex, s)
		}
		KindTest(QuestionKind(q), inquiry.Parse(q, nil, nil), base.DefaultParams())(s)
	})
}

func TestNumberSet(t *testing.T) {
	tests := []struct {
		s    string
		want []string
	}{
		{"1,577,000 and 1,577.5", []string{"1577000", "1577.5"}},
		{"For the year ended March 31,2003", []string{"31", "2003"}},
		{"Case Number 515,2012", []string{"515", "2012"}},
		{"PaLM-2L scored 73.2%", []string{"73.2"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, numberSet(tt.s)); diff != "" {
			t.Errorf("numberSet(%q) (-want +got):\n%s", tt.s, diff)
		}
	}
}

// TestNumberNear: the typed answer to a number question is the number
// with what belongs to it, not the sentence.
func TestNumberNear(t *testing.T) {
	tests := []struct{ q, s, want string }{
		{"How many data centers does Alibaba Cloud have?", "Alibaba Cloud has an international network of 18 data centers, including access to Mainland China.", "18 data centers"},
		{"What is the charging temperature range?", "Ambient temperature exceeds the charging temperature range of 5 °C - 35 °C (41 °F - 95 °F).", "5 °C - 35 °C"},
		{"What is the stipend per month for a Singapore Citizen?", "S$2200 per month for Singapore Permanent Resident\nS$2700 per month for Singapore Citizen\no CAP below 3.50", "S$2700 per month"},
		{"What is the stipend per month for a Singapore Citizen?", "S$2200 per month for Singapore Permanent Resident, S$2700 per month for Singapore Citizen", "S$2200 per month"}, // one line: the first
		{"By how many percentage points did the share rise?", "Half of Americans now say so – up 7 percentage points\nsince last year.", "7"},
		{"When was the survey of U.S. adults conducted?", "Source: Survey of U.S. adults conducted Feb. 1-7, 2021. Q41h, Thermchina.", "Feb. 1-7, 2021"},
		{"How many geographic markers in Greater Houston?", "Greater Houston: 15 through 18 Greater Dallas – Fort Worth: 19 through 24", "4 (15 through 18)"},
		{"How many employees did the team grow to?", "The team: 15 through 18 years of growth.", ""}, // the label names nothing asked
		{"How many markets in Greater Houston?", "Greater Houston: 15 to 18 per cent of sales.", ""}, // "to" is no range of items
		{"When should students nominate their Main Supervisor for the Aug intake?", "After the completion of the LRs, students may nominate their Main Supervisor by 02 Jan (for Aug intake) and 01 Jun (for Jan intake).", "02 Jan"},
		{"What is the supply voltage range?", "The supply voltage range is 10 to 40 V DC.", "10 to 40 V"},
		{"What is the supply voltage?", "The supply voltage is 10 to 40 V DC.", "10 to 40 V"}, // a measure written as a range
		{"What is the full-time duration of the MA (Applied Psychology)?", "MA (Applied Psychology) 2 - 3 years 2 - 4 years", "2 - 3 years"},
		{"How many square miles does Hamilton County cover?", "Hamilton County covers approximately 538 square miles and elevations range from 1,660 feet.", "538 square miles"},
		{"How much did Apple spend on research and development in 2023?", "Research and development $ 7,709 $ 6,797", "$ 7,709"},
		{"What was the cost of the acquisition?", "The acquisition cost $4.2 billion in cash.", "$4.2 billion"},
		{"What percentage of land area was rezoned in the Bronx?", "The Bronx 980,000,000 18.4% 290,000 0.0%", "18.4%"},
		{"How many coffee quality levels can the machine be set to?", "The WMF 1500 S coffee machine has 3 coffee quality levels.", "3 coffee quality levels"},
		{"What is the amount of the cash proceeds from the separation of Kenvue?", "Company secured $13.2 billion in cash proceeds from the Kenvue debt offering.", "$13.2 billion"},
		// A year is no amount, unless the question asks for one.
		{"How much did Apple spend on research in the first quarter of 2023?", "Spending on research grew over 2022.", ""},
		{"Since what year has he been involved with child nutrition?", "I have been involved with child nutrition since about 1954.", "1954"},
		// A number that names a thing (a figure, a section, a list item)
		// is no quantity; the quantity beside it is.
		{"How many rounds of self-refinement improve the accuracy?", "Figure 4: The accuracy for different rounds of self-refinement.", ""},
		{"How many datasets are used in the experiments?", "3.1 Task, Dataset and Evaluation We run experiments on 9 widely-used datasets.", "9 widely-used datasets"},
		{"How many features of each study are summarized?", "We summarize key features of each study, including: 1) the source of feedback, 2) the format of feedback.", ""},
		{"How many steps does the procedure in section 4 have?", "Section 4 describes the procedure in 6 steps.", "6 steps"},
		{"How many years is the term?", "The board serves a 3-year term.", "3-year term"},
		{"How many datasets are used?", "We train on the 100-shot datasets.", ""}, // counts shots, not datasets
		{"How many points does the model gain on the benchmark?", "GPT-4 gains 7 points on the benchmark.", "7 points"},
		{"Which figure shows the accuracy?", "The accuracy is shown in Figure 4.", "4"},
		{"How many of the papers are not mentioned in Section 3.4?", "They are the strategies of Section 2.4.", ""},
		// "percentage" asks for the number's form: a number beside the
		// word in a sentence is no nearer to what is asked.
		{"What percentage of seniors own a smartphone?", "Adoption has increased by 20 percentage points, from 35% to 55% of adults.", ""},
		// An amount or a share counts nothing.
		{"How many commercial airplanes did Boeing deliver in 2022?", "Commercial Airplanes $75,212 $75,863", ""},
		{"How many commercial airplanes did Boeing deliver in 2022?", "Commercial Airplanes $ 75,212 $ 75,863", ""},
		{"How many commercial airplanes did Boeing deliver in 2022?", "Boeing delivered 480 commercial airplanes in 2022.", "480 commercial airplanes"},
		// "How long", "how old", "how far" ask for a number of their units.
		{"How long does it take to fully charge the headset?", "The indicator flashes if the remaining battery charge is 10% or lower when the headset is charged.", ""},
		{"How long does it take to charge the headset?", "Charging the headset takes about 3 hours.", "3 hours"},
		{"How long does it take to charge the headset?", "Charging the headset takes a 2-hour cycle.", "2-hour"},
		{"How long is the charging cable?", "The charging cable is 50 cm long.", "50 cm"},
		// A unit written by its symbol stays with the number; a word does not.
		{"How much RAM did the test machine have?", "It ran on a 2.2 GHz processor and 2 GB RAM.", "2 GB"},
		{"How much RAM did the test machine have?", "It had 2 in RAM slots.", "2"},
		{"How old must a member of the board be?", "A member of the board must be 35 years of age.", "35 years"},
		// "When ...?" asks for a time: a year, a day, a time of day, a span.
		{"When will the market open?", "Openness 63.07 The market report was clear.", ""},
		{"When will the market open?", "The market will open at 9:30 every weekday.", "9:30"},
		{"When will the market open?", "The market will open at 10 a.m. on weekdays.", "10"},
		{"When was the company founded?", "The company was founded in 1998 by two engineers.", "1998"},
		{"When is the meeting held?", "The meeting is held May 5 each year.", "May 5"},
		{"When is the meeting held?", "The meeting is held on 14 members' request.", ""},
		{"When will the warranty be renewed?", "The warranty is renewed within 30 days of purchase.", "30 days"},
		{"When should the oil be changed?", "Change the oil every 400 flight hours or 12 months.", "400 flight hours"},
		{"When should the oil be changed?", "Change the oil filter 2 times.", ""},
		// One date anywhere in the sentence is the time asked; two apart are not told apart.
		{"When was the act signed into law?", "The act was signed into law by the President at a ceremony on October 28, 1998.", "October 28, 1998"},
		{"When was the act signed into law?", "The act was signed into law by the President at a ceremony held in 1998, then amended in 2003.", ""},
		{"When will the market open?", "The firm received its first license in 2013 and now has a 40% share of the local market.", ""}, // not of opening
	}
	for _, tt := range tests {
		got, _ := NumberNear(inquiry.Parse(tt.q, nil, nil), base.DefaultParams())(tt.s)
		if got != tt.want {
			t.Errorf("numberNear(%q, DefaultParams())(%q) = %q, want %q", tt.q, tt.s, got, tt.want)
		}
	}
}

func TestDifference(t *testing.T) {
	asks := []struct {
		q    string
		want bool
	}{
		{"What is the gap between men and women who use the internet?", true},
		{"How much higher is the accuracy of model A compared to model B?", true},
		{"How many more claims does set A have than set B?", true},
		{"What is the accuracy of model A?", false},
		{"How much did revenue grow?", false},
		{"What was the revenue? Give the difference in float format.", false}, // an instruction asks nothing
	}
	for _, tt := range asks {
		if got := AsksDifference(inquiry.StripInstructions(tt.q)); got != tt.want {
			t.Errorf("asksDifference(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
	states := []struct {
		s    string
		want bool
	}{
		{"Model A scores 7 points higher than model B.", true},
		{"The gap narrowed to 12%.", true},
		{"Both models achieve only 40% accuracy on TimeQA.", false},
		{"Among seniors, 75% use the internet.", false},
	}
	for _, tt := range states {
		if got := StatesDifference(tt.s); got != tt.want {
			t.Errorf("statesDifference(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestSum(t *testing.T) {
	asks := []struct {
		q    string
		want bool
	}{
		{"What is total committee strength of audit committee meetings and compensation committee meetings in July 2006?", true},
		{"What was the combined revenue of the Americas and Europe segments?", true},
		{"What is the total revenue for 2022?", false},
		{"What were revenue and net income in 2022?", false},
	}
	for _, tt := range asks {
		if got := AsksSum(inquiry.Parse(tt.q, nil, nil)); got != tt.want {
			t.Errorf("asksSum(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
	states := []struct {
		s    string
		want bool
	}{
		{"In all, 8 members attended the two meetings.", true},
		{"Total 8", true},
		{"4 21st July, 2006 3 3", false},
	}
	for _, tt := range states {
		if got := StatesSum(tt.s); got != tt.want {
			t.Errorf("statesSum(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}

func TestPeriodAsksTime(t *testing.T) {
	for q, want := range map[string]Kind{
		"Over what period were the articles collected?": KindNumber,
		"What time frame does the survey cover?":        KindNumber,
	} {
		if got := QuestionKind(q); got != want {
			t.Errorf("questionKind(%q) = %v, want %v", q, got, want)
		}
	}
	if !reWhenQ.MatchString("Over what period were the articles collected?") {
		t.Errorf("a what-period question is not read as asking when")
	}
}

func TestOutOf(t *testing.T) {
	near := NumberNear(inquiry.Parse("How many hurricanes were found out of the manually created table?", nil, nil), base.DefaultParams())
	if got, ok := near("We found 6 out of 9 hurricanes in the table."); !ok || got != "6 out of 9 hurricanes" {
		t.Errorf("near = %q, %v; want the part with the whole beside it", got, ok)
	}
	if got, ok := near("There were 9 hurricanes in the season."); !ok || got != "9 hurricanes" {
		t.Errorf("near = %q, %v; want 9 hurricanes", got, ok)
	}
}

func TestWhatYearTakesYears(t *testing.T) {
	near := NumberNear(inquiry.Parse("What year was Mickey Mouse created?", nil, nil), base.DefaultParams())
	if got, ok := near("Congress OKs Bill Granting Creators 20 More Years for Mickey Mouse."); ok {
		t.Errorf("near = %q; a count of years is no year", got)
	}
	if got, ok := near("In 1928, Mickey Mouse was created by Walt Disney."); !ok || got != "1928" {
		t.Errorf("near = %q, %v; want 1928", got, ok)
	}
}

func TestSpeltCounts(t *testing.T) {
	near := NumberNear(inquiry.Parse("How many times did Congress extend the term of copyrights?", nil, nil), base.DefaultParams())
	if got, ok := near("In the last forty years, Congress has extended the terms of existing copyrights eleven times."); !ok || got != "11 times" {
		t.Errorf("near = %q, %v; want 11 times", got, ok)
	}
	near = NumberNear(inquiry.Parse("How many datasets does Logic-LM outperform the baselines on?", nil, nil), base.DefaultParams())
	if got, ok := near("Table 2: Accuracy of Logic-LM on five reasoning datasets."); ok {
		t.Errorf("near = %q; a count in words beside a figure (a caption's) is not read", got)
	}
}

func TestNearWithoutSource(t *testing.T) {
	near := NumberNear(inquiry.Parse("In the DMCA summary, when was the DMCA signed into law?", nil, nil), base.DefaultParams())
	if got, ok := near("The Digital Millennium Copyright Act (DMCA) was signed into law by President Clinton on October 28, 1998."); !ok || got != "October 28, 1998" {
		t.Errorf("near = %q, %v; want the date: \"summary\" names the source, not the answer", got, ok)
	}
}
