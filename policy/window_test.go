package policy

import (
	"testing"
	"time"
)

func TestParseWindow(t *testing.T) {
	at := func(day time.Weekday, hh, mm int) time.Time {
		// 2026-11-22 is a Sunday.
		return time.Date(2026, 11, 22+int(day), hh, mm, 0, 0, time.UTC)
	}
	for _, c := range []struct {
		in      string
		want    string
		inside  []time.Time
		outside []time.Time
		wantErr bool
	}{
		{in: "09:00-18:00 mon-fri", want: "09:00-18:00 mon,tue,wed,thu,fri",
			inside:  []time.Time{at(time.Monday, 9, 0), at(time.Friday, 17, 59)},
			outside: []time.Time{at(time.Monday, 8, 59), at(time.Monday, 18, 0), at(time.Saturday, 12, 0), at(time.Sunday, 10, 0)}},
		{in: "9-18", want: "09:00-18:00", inside: []time.Time{at(time.Sunday, 12, 0)}, outside: []time.Time{at(time.Sunday, 3, 0)}},
		{in: "22:00-06:00 fri", want: "22:00-06:00 fri",
			inside:  []time.Time{at(time.Friday, 23, 0), at(time.Saturday, 5, 59)},
			outside: []time.Time{at(time.Saturday, 23, 0), at(time.Friday, 5, 0), at(time.Saturday, 6, 0)}},
		{in: "08:30-17:30 weekdays", want: "08:30-17:30 mon,tue,wed,thu,fri"},
		{in: "10-16 sat-sun", want: "10:00-16:00 sun,sat", inside: []time.Time{at(time.Saturday, 10, 0)}, outside: []time.Time{at(time.Friday, 12, 0)}},
		{in: "00:00-24:00", want: "00:00-24:00", inside: []time.Time{at(time.Tuesday, 23, 59), at(time.Tuesday, 0, 0)}},
		{in: "9-25", wantErr: true},
		{in: "9:5-10", wantErr: true},
		{in: "9-9", wantErr: true},
		{in: "nine to five", wantErr: true},
		{in: "9-17 funday", wantErr: true},
		{in: "", wantErr: true},
	} {
		w, err := ParseWindow(c.in)
		if (err != nil) != c.wantErr {
			t.Errorf("ParseWindow(%q): error %v, want error %v", c.in, err, c.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if got := w.String(); got != c.want {
			t.Errorf("ParseWindow(%q) = %s, want %s", c.in, got, c.want)
		}
		for _, tm := range c.inside {
			if !w.Contains(tm) {
				t.Errorf("%s does not contain %s", c.in, tm.Format("Mon 15:04"))
			}
		}
		for _, tm := range c.outside {
			if w.Contains(tm) {
				t.Errorf("%s contains %s", c.in, tm.Format("Mon 15:04"))
			}
		}
	}
}

func FuzzParseWindow(f *testing.F) {
	for _, s := range []string{"09:00-18:00 mon-fri", "22-6", "9-17 weekends", "8:30-12:00 mon,wed,fri-sun", "24:00-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, err := ParseWindow(s)
		if err != nil {
			return
		}
		back, err := ParseWindow(w.String())
		if err != nil || back != w {
			t.Fatalf("%q → %s does not read back: %+v, %v", s, w, back, err)
		}
		w.Contains(time.Now())
	})
}
