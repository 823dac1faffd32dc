// Package scanpdf writes PDFs whose pages are only pictures, as a scanner
// makes them: no text layer, so only OCR can read them. docqa's tests and
// sample generator make them from pages of text PDFs drawn by PDFium.
package scanpdf

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/draw"
	"image/png"
)

// FromPNGs returns a PDF with one page for each PNG image, drawn at dpi
// (the page is the image's size at that resolution), in gray.
func FromPNGs(pngs [][]byte, dpi int) ([]byte, error) {
	if dpi <= 0 {
		return nil, fmt.Errorf("scanpdf: dpi %d", dpi)
	}
	var b bytes.Buffer
	var offsets []int
	obj := func(body string, stream []byte) {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\n", len(offsets), body)
		if stream != nil {
			b.WriteString("stream\n")
			b.Write(stream)
			b.WriteString("\nendstream\n")
		}
		b.WriteString("endobj\n")
	}
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	n := len(pngs)
	kids := ""
	for i := range n {
		kids += fmt.Sprintf("%d 0 R ", 3+3*i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R >>", nil)
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", kids, n), nil)
	for i, p := range pngs {
		img, err := png.Decode(bytes.NewReader(p))
		if err != nil {
			return nil, fmt.Errorf("scanpdf: page %d: %w", i+1, err)
		}
		gray := image.NewGray(img.Bounds())
		draw.Draw(gray, gray.Bounds(), img, img.Bounds().Min, draw.Src)
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(gray.Pix)
		zw.Close()
		w, h := gray.Bounds().Dx(), gray.Bounds().Dy()
		pw, ph := float64(w)*72/float64(dpi), float64(h)*72/float64(dpi)
		im, content := 4+3*i, 5+3*i
		obj(fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.2f %.2f] /Resources << /XObject << /Im0 %d 0 R >> >> /Contents %d 0 R >>", pw, ph, im, content), nil)
		obj(fmt.Sprintf("<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length %d >>", w, h, z.Len()), z.Bytes())
		draw := fmt.Sprintf("q %.2f 0 0 %.2f 0 0 cm /Im0 Do Q", pw, ph)
		obj(fmt.Sprintf("<< /Length %d >>", len(draw)), []byte(draw))
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offsets)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offsets)+1, xref)
	return b.Bytes(), nil
}
