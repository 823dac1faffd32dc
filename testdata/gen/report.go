package main

import "fmt"

// statement is a page of a financial statement: a title, the scale and
// year header, and rows of a label and one figure a year, written row by
// row as statements are.
func statement(n int, title string, rows [][4]string) page {
	p := page{
		{x: 72, y: 730, size: 14, font: "F2", width: 70, text: "Aurora Propulsion Works, Inc."},
		{x: 72, y: 710, size: 12, font: "F2", width: 70, text: title},
		{x: 72, y: 665, size: 10, font: "F2", width: 40, text: "(In millions)"},
		{x: 340, y: 665, size: 10, font: "F2", width: 10, text: "2023"},
		{x: 410, y: 665, size: 10, font: "F2", width: 10, text: "2022"},
		{x: 480, y: 665, size: 10, font: "F2", width: 10, text: "2021"},
	}
	for i, r := range rows {
		y := 640 - 16*float64(i)
		p = append(p, block{x: 72, y: y, size: 10, width: 60, text: r[0]},
			block{x: 340, y: y, size: 10, width: 12, text: r[1]},
			block{x: 410, y: y, size: 10, width: 12, text: r[2]},
			block{x: 480, y: y, size: 10, width: 12, text: r[3]})
	}
	return append(p, block{x: 72, y: 40, size: 8, width: 100, text: fmt.Sprintf("Aurora Propulsion Works Annual Report 2023 - page %d", n)})
}

func annualReport() []page {
	return []page{
		textPage(1, "Letter to Shareholders", `Aurora Propulsion Works delivered 212 AE-300 engines in 2023, up from 188 in 2022, and opened its second overhaul shop at Halden Field.
Net sales grew on engine deliveries and on spare parts for the growing fleet in service. Higher material costs weighed on the gross margin in the first half of the year.
This report is fictional sample material written for the docqa test suite; the company and its figures are imaginary.`),
		statement(2, "Consolidated Statements of Income", [][4]string{
			{"Net sales", "$ 1,284.6", "$ 1,102.3", "$ 987.1"},
			{"Cost of sales", "901.2", "790.5", "702.8"},
			{"Gross profit", "383.4", "311.8", "284.3"},
			{"Research and development", "96.3", "88.1", "80.4"},
			{"Selling, general and administrative", "112.7", "101.9", "95.6"},
			{"Operating income", "174.4", "121.8", "108.3"},
			{"Interest expense", "(18.2)", "(19.6)", "(21.0)"},
			{"Income before income taxes", "156.2", "102.2", "87.3"},
			{"Provision for income taxes", "(34.4)", "(21.5)", "(18.3)"},
			{"Net income", "$ 121.8", "$ 80.7", "$ 69.0"},
		}),
		statement(3, "Consolidated Statements of Cash Flows", [][4]string{
			{"Net income", "$ 121.8", "$ 80.7", "$ 69.0"},
			{"Depreciation and amortization", "44.9", "41.2", "38.7"},
			{"Net cash provided by operating activities", "171.5", "128.4", "110.2"},
			{"Purchases of property, plant and equipment", "(63.8)", "(52.4)", "(47.9)"},
			{"Net cash used in investing activities", "(70.1)", "(58.0)", "(50.3)"},
			{"Dividends paid", "(30.0)", "(25.0)", "(20.0)"},
			{"Net cash used in financing activities", "(41.6)", "(37.9)", "(33.2)"},
		}),
	}
}
