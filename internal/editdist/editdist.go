// Package editdist measures how far apart two short strings are, for the
// look-alike checks (domains, package names).
package editdist

// OSA is the optimal string alignment distance (Damerau–Levenshtein with
// adjacent transpositions, no substring edited twice) between a and b,
// counted up to limit: any larger distance, and strings longer than 256
// bytes, are returned as limit+1.
func OSA[A, B ~string | ~[]byte](a A, b B, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	if len(a) <= 64 && len(b) <= 64 {
		var rows [3][65]int
		return osa(a, b, limit, rows[0][:], rows[1][:], rows[2][:])
	}
	if len(a) <= 256 && len(b) <= 256 {
		var rows [3][257]int
		return osa(a, b, limit, rows[0][:], rows[1][:], rows[2][:])
	}
	return limit + 1
}

func osa[A, B ~string | ~[]byte](a A, b B, limit int, prev2, prev, cur []int) int {
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit+1)
}
