package jsonfast_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"docqa/ingest"
	"docqa/internal/jsonfast"
)

// manifest returns the JSON of a manifest of n documents, as ingest
// writes it.
func manifest(tb testing.TB, n int) []byte {
	tb.Helper()
	m := ingest.Manifest{Version: 1, Docs: map[string]ingest.Entry{}, Failed: map[string]ingest.FailedEntry{}}
	at := time.Date(2026, 11, 27, 4, 22, 52, 299887671, time.UTC)
	for i := range n {
		name := fmt.Sprintf("k%d__2022 Q3 filing %d.pdf", i%4, i)
		m.Docs[name] = ingest.Entry{Name: name, Path: "/data/" + name, SHA256: fmt.Sprintf("%064x", i), Size: int64(1000 * i), Pages: i%90 + 1, Passages: 5 * i, Engine: "pdftotext", Indexed: at.Add(time.Duration(i) * time.Second), Extractor: 4, Outline: "headings", OCR: []int{1, i%7 + 2}}
	}
	m.Failed["/data/broken.pdf"] = ingest.FailedEntry{SHA256: "ab", Reason: "not a PDF", RawPath: []byte("/data/\xffbroken.pdf")}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// decode decodes data into a manifest by unmarshal.
func decode(unmarshal func([]byte, any) error, data []byte) (ingest.Manifest, error) {
	var m ingest.Manifest
	err := unmarshal(data, &m)
	return m, err
}

func TestSameAsStdlib(t *testing.T) {
	for _, tc := range []struct {
		name string
		data string
	}{
		{"written by ingest", string(manifest(t, 5))},
		{"empty", `{}`},
		{"nulls", `{"version":1,"docs":null,"failed":null}`},
		{"escapes", `{"docs":{"a\u00e9\n.pdf":{"name":"a\u00e9\n.pdf","path":"\ud83d\ude00","indexed":"2026-01-02T03:04:05Z"}}}`},
		{"raw path", `{"failed":{"x":{"sha256":"1","reason":"r","raw_path":"L2RhdGEv/w=="}}}`},
		{"key case", `{"DOCS":{"a":{"Name":"a","PAGES":3}}}`},
		{"unknown keys", `{"version":2,"later":[1,{"x":null}],"docs":{"a":{"name":"a","new":true}}}`},
		{"stats", `{"a.pdf":{"passages":138,"tokens":9005,"head_tokens":1257}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, werr := decode(json.Unmarshal, []byte(tc.data))
			got, err := decode(jsonfast.Unmarshal, []byte(tc.data))
			if (err == nil) != (werr == nil) {
				t.Fatalf("error %v, encoding/json's %v", err, werr)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("decoded otherwise than encoding/json (-want +got):\n%s", diff)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	for _, data := range []string{``, `{`, `{"docs":[]}`, `{"version":"1"}`, `{"docs":{"a":{"indexed":"yesterday"}}}`, `{"failed":{"x":{"raw_path":"%%"}}}`, `{} x`} {
		if _, err := decode(jsonfast.Unmarshal, []byte(data)); err == nil {
			t.Errorf("%q: no error", data)
		}
		if _, err := decode(json.Unmarshal, []byte(data)); err == nil {
			t.Errorf("%q: no error from encoding/json either: a case of no use", data)
		}
	}
}

// FuzzUnmarshal checks that a manifest on disk, damaged in any way,
// never panics docqa, and reads as encoding/json reads it when that
// reads it at all. Bytes that are not UTF-8 are the exception:
// encoding/json reads each as U+FFFD, json-iterator keeps it; neither
// occurs in a file encoding/json wrote, which escapes them.
func FuzzUnmarshal(f *testing.F) {
	f.Add(manifest(f, 2))
	f.Add([]byte(`{"docs":{"a":{"name":"a","ocr":[1,2],"raw_path":"AQI="}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := decode(jsonfast.Unmarshal, data)
		want, werr := decode(json.Unmarshal, data)
		if werr != nil || err != nil || !utf8.Valid(data) {
			return // a damaged file: an error, or a value the manifest's checks judge
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("decoded otherwise than encoding/json (-want +got):\n%s", diff)
		}
	})
}

// BenchmarkManifest decodes the manifest of an index of 832 PDFs (the
// size of issue 40's c4 corpus) with each decoder.
func BenchmarkManifest(b *testing.B) {
	data := manifest(b, 832)
	b.SetBytes(int64(len(data)))
	for _, d := range []struct {
		name      string
		unmarshal func([]byte, any) error
	}{{"encoding_json", json.Unmarshal}, {"jsonfast", jsonfast.Unmarshal}} {
		b.Run(d.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := decode(d.unmarshal, data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
