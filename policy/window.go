package policy

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Window is a user's working hours: from Start to End (minutes after
// midnight; End < Start spans midnight) on Days (bit i set: time.Weekday i).
type Window struct {
	Start, End int
	Days       uint8
}

// allDays is every day of the week.
const allDays = 1<<7 - 1

var dayNames = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// maxWindow bounds the text of a working-hours setting.
const maxWindow = 200

// ParseWindow reads working hours such as "09:00-18:00", "9-18 mon-fri",
// "08:30-17:30 mon,tue,thu" or "22:00-06:00" (a night shift). Without
// days, every day.
func ParseWindow(s string) (Window, error) {
	if len(s) > maxWindow {
		return Window{}, fmt.Errorf("longer than %d characters", maxWindow)
	}
	f := strings.Fields(strings.ToLower(s))
	if len(f) == 0 {
		return Window{}, errors.New("empty")
	}
	from, to, ok := strings.Cut(f[0], "-")
	if !ok {
		return Window{}, fmt.Errorf("%q is not a range of hours", f[0])
	}
	var w Window
	var err error
	if w.Start, err = clockMinutes(from); err != nil {
		return Window{}, err
	}
	if w.End, err = clockMinutes(to); err != nil {
		return Window{}, err
	}
	if w.Start == w.End {
		return Window{}, fmt.Errorf("%q starts and ends at the same time", f[0])
	}
	w.Days = allDays
	if len(f) > 1 {
		if w.Days, err = parseDays(strings.Join(f[1:], "")); err != nil {
			return Window{}, err
		}
	}
	return w, nil
}

// clockMinutes reads "9", "09", "9:30" or "09:30" as minutes after midnight;
// "24" and "24:00" are the end of the day.
func clockMinutes(s string) (int, error) {
	h, m, hasMin := strings.Cut(s, ":")
	hour, err := strconv.Atoi(h)
	if err != nil || len(h) > 2 || hour < 0 || hour > 24 {
		return 0, fmt.Errorf("%q is not an hour of the day", s)
	}
	min := 0
	if hasMin {
		min, err = strconv.Atoi(m)
		if err != nil || len(m) != 2 || min < 0 || min > 59 {
			return 0, fmt.Errorf("%q is not a time of day", s)
		}
	}
	if hour == 24 && min != 0 {
		return 0, fmt.Errorf("%q is past midnight", s)
	}
	return hour*60 + min, nil
}

// parseDays reads "mon-fri", "mon,wed,fri", "sat-sun", "weekdays", "weekends" or "daily".
func parseDays(s string) (uint8, error) {
	switch s {
	case "weekdays":
		return 0b0111110, nil
	case "weekends", "weekend":
		return 0b1000001, nil
	case "daily", "everyday", "all":
		return allDays, nil
	}
	var days uint8
	for _, part := range strings.Split(s, ",") {
		from, to, isRange := strings.Cut(part, "-")
		a, err := dayIndex(from)
		if err != nil {
			return 0, err
		}
		if !isRange {
			days |= 1 << a
			continue
		}
		b, err := dayIndex(to)
		if err != nil {
			return 0, err
		}
		for i := a; ; i = (i + 1) % 7 {
			days |= 1 << i
			if i == b {
				break
			}
		}
	}
	return days, nil
}

func dayIndex(s string) (int, error) {
	if len(s) >= 3 {
		for i, d := range dayNames {
			if strings.HasPrefix(s, d) {
				return i, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not a day (write mon, tue, wed, thu, fri, sat or sun)", s)
}

// Contains reports whether t (in its own location) falls in the window.
// A window that spans midnight belongs to the day it starts on.
func (w Window) Contains(t time.Time) bool {
	m := t.Hour()*60 + t.Minute()
	day := int(t.Weekday())
	if w.Start < w.End {
		return w.Days&(1<<day) != 0 && m >= w.Start && m < w.End
	}
	if m >= w.Start {
		return w.Days&(1<<day) != 0
	}
	prev := (day + 6) % 7
	return m < w.End && w.Days&(1<<prev) != 0
}

// String writes the window as ParseWindow reads it.
func (w Window) String() string {
	s := fmt.Sprintf("%02d:%02d-%02d:%02d", w.Start/60, w.Start%60, w.End/60, w.End%60)
	if w.Days == allDays || w.Days == 0 {
		return s
	}
	var names []string
	for i, d := range dayNames {
		if w.Days&(1<<i) != 0 {
			names = append(names, d)
		}
	}
	return s + " " + strings.Join(names, ",")
}
