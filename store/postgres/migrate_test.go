package postgres

import (
	"context"
	"errors"
	"testing"

	"github.com/actionguard/actionguard/store"
)

func TestMigrationsAreOrdered(t *testing.T) {
	for i, m := range migrations {
		if m.version != i+1 || m.name == "" || m.sql == "" {
			t.Errorf("migrations[%d] = version %d %q: want version %d, a name and SQL", i, m.version, m.name, i+1)
		}
	}
}

func TestOpenMigratesOlderSchema(t *testing.T) {
	ctx := context.Background()
	url := FreshSchema(t)
	s, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(ctx, url, WithMigrations(MigrationsAndOneMore()))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, err := s.SchemaVersion(ctx); err != nil || v != len(migrations)+1 {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, len(migrations)+1)
	}
	Admin(t, url, `INSERT INTO later (x) VALUES (1)`)
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	url := FreshSchema(t)
	s, err := Open(ctx, url, WithMigrations(MigrationsAndOneMore()))
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	_, err = Open(ctx, url)
	if !errors.Is(err, store.ErrSchemaTooNew) {
		t.Fatalf("Open of a newer schema = %v, want ErrSchemaTooNew", err)
	}
	t.Log(err)
}

func TestSchemaVersionOfEmptySchema(t *testing.T) {
	url := FreshSchema(t)
	ctx := context.Background()
	st, err := Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	Admin(t, url, `DROP TABLE schema_version`)
	if v, err := st.SchemaVersion(ctx); err != nil || v != 0 {
		t.Errorf("SchemaVersion without schema_version = %d, %v; want 0", v, err)
	}
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"postgres://ag:secret@db:5432/actionguard", "postgres://ag@db:5432/actionguard"},
		{"postgresql://ag:secret@db/actionguard?sslmode=require&password=x2", "postgresql://ag@db/actionguard?sslmode=require"},
		{"postgres://db/actionguard", "postgres://db/actionguard"},
		{"postgres://ag@db/actionguard?search_path=t_1", "postgres://ag@db/actionguard?search_path=t_1"},
		{"host=db user=ag password=secret dbname=x", "host=db user=ag dbname=x"},
		{"host=db password='se cret\\'s' dbname=x", "host=db dbname=x"},
		{"password = secret host=db", " host=db"},
		{"postgres://ag:sec%zzret@db/x", "(a PostgreSQL URL that does not parse)"},
	} {
		if got := redact(tc.in); got != tc.want {
			t.Errorf("redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
