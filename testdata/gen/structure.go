package main

// The pump manual tests the document's structure (internal/doc): a
// contents page with dot leaders, numbered sections, a procedure whose
// steps run over a page's turn with a note and a figure's caption between
// them, a nested bulleted list announced by a sentence, footnotes with
// their markers, and captions above a table and below a figure. It is
// written twice: with bookmarks, and without (its outline then comes from
// its contents page).

// line is a block of one line at y, in the body font.
func line(y float64, text string) block {
	return block{x: 72, y: y, size: 10.5, width: 200, text: text}
}

// lines sets texts one under another from y, 15 points apart.
func lines(y float64, texts ...string) page {
	var p page
	for i, t := range texts {
		p = append(p, line(y-15*float64(i), t))
	}
	return p
}

func pumpFoot(n int) block {
	return block{x: 72, y: 40, size: 8, width: 100, text: "Kestrel KP-20 Pump Manual - " + itoa(n)}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func pumpManual() []page {
	heading := func(y float64, t string) block {
		return block{x: 72, y: y, size: 14, font: "F2", width: 80, text: t}
	}
	p1 := page{
		block{x: 72, y: 730, size: 18, font: "F2", width: 60, text: "Kestrel KP-20 Pump Manual"},
		heading(690, "Contents"),
	}
	p1 = append(p1, lines(660,
		"1 Safety .......................... 2",
		"2 Installation .......................... 2",
		"2.1 Priming the Pump .......................... 2",
		"2.2 Wiring .......................... 3",
		"3 Maintenance .......................... 4",
		"3.1 Seal Replacement .......................... 4",
		"3.2 Storage .......................... 4",
	)...)
	p1 = append(p1, pumpFoot(1))

	p2 := page{heading(730, "1 Safety")}
	p2 = append(p2, lines(700,
		"The pump must be installed by a qualified person.",
		"Before any work on the pump, observe the following precautions:",
		"- Disconnect the mains supply.",
		"  - Lock the isolator in the off position.",
		"- Close the inlet and outlet valves.",
		"- Let the casing cool below 40 degrees Celsius.",
		"The casing is rated for 10 bar.1",
	)...)
	p2 = append(p2, heading(580, "2 Installation"))
	p2 = append(p2, heading(555, "2.1 Priming the Pump"))
	p2 = append(p2, lines(530,
		"Follow these steps to prime the pump before its first start:",
		"1. Close the outlet valve.",
		"2. Remove the priming plug on top of the casing.",
	)...)
	p2 = append(p2, lines(90, "1 Tested to EN 809 at 15 bar for 30 minutes.")...)
	p2 = append(p2, pumpFoot(2))

	p3 := page{}
	p3 = append(p3, lines(730,
		"3. Fill the casing with clean water until it overflows.",
		"Note: never run the pump dry, even for a few seconds.",
		"Figure 4: Priming plug and vent",
		"4. Refit the priming plug and open the outlet valve.",
		"5. Start the pump and check the pressure gauge.",
	)...)
	p3 = append(p3, heading(600, "2.2 Wiring"))
	p3 = append(p3, lines(570,
		"Table 2: Cable sizes",
		"Motor Cable",
		"0.75 kW 1.5 mm2",
		"2.2 kW 2.5 mm2",
		"The motor must be earthed.",
	)...)
	p3 = append(p3, pumpFoot(3))

	p4 := page{heading(730, "3 Maintenance")}
	p4 = append(p4, lines(700, "Inspect the shaft seal every 2,000 hours.")...)
	p4 = append(p4, heading(670, "3.1 Seal Replacement"))
	p4 = append(p4, lines(640,
		"Replace the seal when water drips from the drain hole.",
		"The seal kit is part KP-SK2.",
	)...)
	p4 = append(p4, heading(590, "3.2 Storage"))
	p4 = append(p4, lines(560,
		"Drain the casing before storing the pump below 0 degrees Celsius.",
		"The pump does not need oil during storage.",
	)...)
	p4 = append(p4, pumpFoot(4))
	return []page{p1, p2, p3, p4}
}

// pumpMarks are the pump manual's bookmarks.
func pumpMarks() []mark {
	return []mark{
		{title: "Safety", page: 2},
		{title: "Installation", page: 2, kids: []mark{
			{title: "Priming the Pump", page: 2},
			{title: "Wiring", page: 3},
		}},
		{title: "Maintenance", page: 4, kids: []mark{
			{title: "Seal Replacement", page: 4},
			{title: "Storage", page: 4},
		}},
	}
}
