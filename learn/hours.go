package learn

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"
)

// HoursFileName is the file of the user's active hours in the state directory.
const HoursFileName = "activity.json"

// Learned working hours need this much history before an hour can be
// unusual, and look at most this far back.
const (
	minActiveDays  = 7
	minActiveHours = 30
	keepDays       = 60
)

// Hours learns when the user works: for each of the last 60 days, the
// hours in which an action was checked.
type Hours struct {
	path string
	now  func() time.Time
}

type hoursFile struct {
	// Days maps a date (2006-01-02, local time) to a bit mask of its active hours.
	Days map[string]uint32 `json:"days"`
}

// OpenHours returns the activity store in dir; now nil is time.Now.
func OpenHours(dir string, now func() time.Time) *Hours {
	if now == nil {
		now = time.Now
	}
	return &Hours{path: filepath.Join(dir, HoursFileName), now: now}
}

// Record notes activity at t. It writes only the first time in an hour,
// so a hook call usually only reads the small file.
func (h *Hours) Record(t time.Time) error {
	f, err := readJSONFile[hoursFile](h.path, 1<<20)
	day, bit := t.Format(time.DateOnly), uint32(1)<<t.Hour()
	if err == nil && f.Days[day]&bit != 0 {
		return nil
	}
	return lockedUpdate(h.path, 1<<20, func(f *hoursFile) {
		if f.Days == nil {
			f.Days = map[string]uint32{}
		}
		f.Days[day] |= bit
		if len(f.Days) > keepDays {
			days := make([]string, 0, len(f.Days))
			for d := range f.Days {
				days = append(days, d)
			}
			slices.Sort(days)
			for _, d := range days[:len(days)-keepDays] {
				delete(f.Days, d)
			}
		}
	})
}

// Unusual reports whether t is outside the hours this user works, as
// learned: only once there are at least 7 active days and 30 active hours,
// an hour in which the user was never active (nor the hour either side of
// it) is unusual. why says so in a sentence.
func (h *Hours) Unusual(t time.Time) (unusual bool, why string, err error) {
	f, err := readJSONFile[hoursFile](h.path, 1<<20)
	if err != nil {
		return false, "", err
	}
	var perHour [24]int
	total := 0
	for _, mask := range f.Days {
		for hr := range 24 {
			if mask&(1<<hr) != 0 {
				perHour[hr]++
				total++
			}
		}
	}
	if len(f.Days) < minActiveDays || total < minActiveHours {
		return false, "", nil
	}
	hr := t.Hour()
	if perHour[hr]+perHour[(hr+23)%24]+perHour[(hr+1)%24] > 0 {
		return false, "", nil
	}
	return true, fmt.Sprintf("it is %s on %s, outside this user's usual hours (%s)", t.Format("15:04"), t.Weekday(), usualSpan(perHour)), nil
}

// usualSpan describes the hours with the most activity: "mostly 09–19".
func usualSpan(perHour [24]int) string {
	first, last := -1, -1
	for hr, n := range perHour {
		if n > 0 {
			if first < 0 {
				first = hr
			}
			last = hr
		}
	}
	if first < 0 {
		return "none learned yet"
	}
	return fmt.Sprintf("active between %02d:00 and %02d:00 over the last %d days", first, last+1, keepDays)
}
