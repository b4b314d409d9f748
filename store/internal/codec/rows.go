package codec

// TokenColumns are the columns of a token row, in the order the stores
// write and scan them.
const TokenColumns = `id, name, hash, created_us, last_used_us, revoked_us, scope`

// Rows is what the rows of a query have in common in database/sql and pgx:
// the stores read them through these functions, and close them themselves.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// ScanMap reads rows of two columns, a key and its value, into out. An
// error of a row's scan or of the rows is returned as it is.
func ScanMap[K comparable, V any](rows Rows, out map[K]V) error {
	for rows.Next() {
		var k K
		var v V
		if err := rows.Scan(&k, &v); err != nil {
			return err
		}
		out[k] = v
	}
	return rows.Err()
}

// AppendRows appends to out what read makes of each row (read calls scan
// with its destinations), and returns the longer slice.
func AppendRows[T any](rows Rows, out []T, read func(scan func(dest ...any) error) (T, error)) ([]T, error) {
	for rows.Next() {
		v, err := read(rows.Scan)
		if err != nil {
			return out, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
