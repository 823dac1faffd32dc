package main

import "fmt"

// cells places a table's rows: each row a line of cells at the given x
// positions, 15 points apart, from y down.
func cells(y float64, xs []float64, rows [][]string) page {
	var p page
	for i, r := range rows {
		for k, c := range r {
			if c != "" {
				p = append(p, block{x: xs[k], y: y - 15*float64(i), size: 9, width: 40, text: c})
			}
		}
	}
	return p
}

// rules draws a table's ruling lines: a horizontal line under each row
// and the box round it.
func rules(x0, x1, top float64, rows int) block {
	s := ""
	for i := 0; i <= rows; i++ {
		y := top + 11 - 15*float64(i)
		s += fmt.Sprintf("%.1f %.1f m %.1f %.1f l S\n", x0, y, x1, y)
	}
	return block{raw: s}
}

// datasheet is a fictional engine's data sheet: tables of the kinds
// docqa reads by row and column (testdata/tables/ae300-datasheet.pdf).
// Page 1: an unruled table with a two-level header, a header over two
// columns, and group headings in its stub; page 2: a ruled table whose
// columns hold words and figures with spaces between thousands and
// decimal commas, and a table that continues on page 3 without its
// header.
func datasheet() []page {
	p1 := page{
		{x: 72, y: 740, size: 14, font: "F2", width: 70, text: "AE-300 Data Sheet"},
		{x: 72, y: 715, size: 10, font: "F2", width: 80, text: "Table 1: Fuel flow by power setting (kg/h)"},
	}
	xs := []float64{72, 200, 270, 340, 410}
	p1 = append(p1, cells(690, []float64{72, 230, 230, 370, 370}, [][]string{{"", "Sea level", "", "FL100", ""}})...)
	p1 = append(p1, cells(675, xs, [][]string{
		{"Power setting", "Min", "Max", "Min", "Max"},
		{"Take-off", "182", "205", "160", "181"},
		{"Climb", "151", "170", "133", "149"},
		{"Cruise", "", "", "", ""},
		{"High speed", "121", "138", "104", "119"},
		{"Long range", "96", "109", "83", "95"},
		{"Idle", "31", "36", "27", "30"},
	})...)
	p1 = append(p1, block{x: 72, y: 560, size: 10, width: 90, text: "Fuel flow rises with outside air temperature by about 1% for each 5 degrees above standard."})

	p2 := page{
		{x: 72, y: 740, size: 10, font: "F2", width: 80, text: "Table 2: Overhaul intervals and costs by operator class"},
	}
	xs2 := []float64{72, 220, 330, 440}
	p2 = append(p2, cells(715, xs2, [][]string{
		{"Operator class", "Inspection", "Interval (h)", "Cost (EUR)"},
		{"Flight school", "Borescope", "600", "4 850"},
		{"Air taxi", "Hot section", "1 800", "31 200"},
		{"Regional airline", "Full overhaul", "3 600", "298 839"},
		{"Government", "Full overhaul", "4 000", "305 100"},
	})...)
	p2 = append(p2, rules(66, 520, 715, 5))
	p2 = append(p2, block{x: 72, y: 600, size: 10, font: "F2", width: 80, text: "Table 3: Vibration limits (ips), continued on the next page"})
	xs3 := []float64{72, 250, 350}
	p2 = append(p2, cells(575, xs3, [][]string{
		{"Measuring point", "Alert", "Limit"},
		{"Gearbox front", "0,40", "0,55"},
		{"Gearbox rear", "0,35", "0,50"},
		{"Compressor case", "0,30", "0,45"},
	})...)
	p3 := page{
		{x: 72, y: 740, size: 10, font: "F2", width: 80, text: "Table 3 (continued)"},
	}
	p3 = append(p3, cells(715, xs3, [][]string{
		{"Turbine case", "0,45", "0,70"},
		{"Exhaust duct", "0,25", "0,40"},
		{"Accessory pad", "0,20", "0,35"},
	})...)
	p3 = append(p3, block{x: 72, y: 600, size: 10, width: 90, text: "This data sheet is fictional sample material written for the docqa test suite."})
	return []page{p1, p2, p3}
}
