package sql

import (
	"strings"
	"sync"
)

// maxKeyword is the length of the longest word in keywordList.
const maxKeyword = 24

// keywordList holds every word the analyzer looks at, upper-cased. A word
// not listed here is a name as far as the analyzer is concerned.
const keywordList = `
ABORT ACCESS ADD ADMIN AFTER AGGREGATE ALERT ALL ALTER ANALYSE ANALYZE AND AS ATOMIC BEFORE BEGIN BETWEEN
BULK BY CALL CASCADE CASE CAST CATCH CHECK CHECKPOINT CLOSE CLUSTER COLLATION COLUMN COMMIT CONCURRENTLY
CONNECTION CONSTRAINT CONVERSION COPY CREATE CROSS CURRENT DATA DATABASE DEALLOCATE DECLARE DEFAULT DEFERRED
DELAYED DELETE DESC DESCRIBE DIRECTORY DISTINCT DISTRIBUTED DO DOMAIN DROP DUMPFILE DYNAMIC EACH ELSE ELSIF
END EVENT EXCEPT EXCLUSIVE EXEC EXECUTE EXISTS EXPLAIN EXTENSION EXTERNAL FALSE FETCH FILE FLUSH FOR FOREIGN
FORMAT FROM FULL FUNCTION GLOBAL GO GRANT GROUP HAVING HIGH_PRIORITY IDENTIFIED IF IGNORE ILIKE IMMEDIATE IN
INDEX INFILE INNER INSERT INSTEAD INTEGRATION INTERSECT INTO IS ISOLATION JOIN KEY KEYSPACE KILL LANGUAGE LEFT
LIBRARY LIKE LIMIT LINK LIST LOAD LOCAL LOCK LOGIN LOOP LOW_PRIORITY MAPPING MATERIALIZED MEMBER MERGE METHOD
MODEL NATURAL NETWORK NO NOSUPERUSER NOT NOWAIT NULL OF ON ONLY OPERATOR OPTION OR ORDER OUTER OUTFILE OVERWRITE
OWNED PACKAGE PARTITION PASSWORD PERCENT PERSIST PERSIST_ONLY PIPE POLICY PRAGMA PREPARE PRIMARY PRIVILEGES
PROC PROCEDURE PROGRAM PUBLIC PUBLICATION QUICK READ REFRESH REINDEX RELEASE RENAME REPEAT REPLACE RESET
RESTRICT RETURN RETURNING REVOKE RIGHT ROLE ROLLBACK ROW RULE SAVEPOINT SCHEMA SEARCH SECRET SELECT SEQUENCE
SERVER SESSION SET SHARE SHOW SHUTDOWN SKIP SNAPSHOT STAGE START STATISTICS STDIN STDOUT STRAIGHT_JOIN STREAM
SUBSCRIPTION SUPERUSER SYNONYM SYSTEM TABLE TABLES TABLESPACE TASK TEMP TEMPORARY TEXT THEN TO TOP TRAN
TRANSACTION TRIGGER TRUE TRUNCATE TRY TYPE UNION UNIQUE UNLOCK UPDATE UPSERT USE USER USING VACUUM VALUES VIEW
WAREHOUSE WHEN WHERE WHILE WITH WORK WRAPPER XML
`

// keywordNames holds the keywords by id; id 0 is "", not a keyword.
var keywordNames = append([]string{""}, strings.Fields(keywordList)...)

// keywordTable is an open-addressing hash table of keyword ids, faster
// than a map for the short, upper-cased probes keywordID makes.
var keywordTable = func() *[keywordSlots]uint16 {
	var t [keywordSlots]uint16
	for id := 1; id < len(keywordNames); id++ {
		h := keywordHash([]byte(keywordNames[id]))
		for t[h] != 0 {
			h = (h + 1) % keywordSlots
		}
		t[h] = uint16(id)
	}
	return &t
}()

// keywordSlots is a power of two well above the number of keywords.
const keywordSlots = 2048

func keywordHash(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h % keywordSlots
}

// keywordID returns the id of w, upper-cased, when it is a word the
// analyzer knows, else 0.
func keywordID(w string) uint16 {
	if len(w) > maxKeyword || len(w) < 2 {
		return 0
	}
	var buf [maxKeyword]byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c >= 'A' && c <= 'Z' || c == '_':
		default:
			return 0 // keywords are letters and '_': "t.id", "x1" are names
		}
		buf[i] = c
	}
	b := buf[:len(w)]
	for h := keywordHash(b); keywordTable[h] != 0; h = (h + 1) % keywordSlots {
		if id := keywordTable[h]; keywordNames[id] == string(b) {
			return id
		}
	}
	return 0
}

// nonName lists the keywords that cannot be the name of a table where one
// is expected ("UPDATE x SET": x), so that "ON UPDATE SET NULL" or "FOR
// UPDATE OF" are not taken for statements. Other keywords can be names:
// "UPDATE user SET …".
var nonName = set(`AND AS BETWEEN BY CASCADE DEFAULT DISTINCT ELSE END EXISTS FROM GROUP HAVING IN INTO IS LIKE
LIMIT NO NOT NOWAIT NULL OF ON OR ORDER RESTRICT RETURNING SELECT SET SKIP STATISTICS THEN TO UNION USING
VALUES WHEN WHERE WITH`)

// transactionWords may follow BEGIN when it starts a transaction rather than
// a block: BEGIN TRANSACTION, BEGIN WORK, BEGIN IMMEDIATE, BEGIN TRAN…
var transactionWords = set(`TRANSACTION TRAN WORK DEFERRED IMMEDIATE EXCLUSIVE ISOLATION READ DISTRIBUTED`)

// readVerbs are the statements that only read.
var readVerbs = set(`SELECT SHOW EXPLAIN DESCRIBE DESC VALUES TABLE WITH PRAGMA HELP LIST`)

// objectKind is what a DROP, CREATE or ALTER names.
type objectKind uint8

const (
	objNone     objectKind = iota
	objTable               // rows are lost with it
	objDatabase            // a database, a schema, everything a role owns
	objRole                // a user, a role, a login
	objOther               // a definition that can be re-created: view, index, function…
)

// objectKinds maps the first word after DROP to what it drops.
var objectKinds = sync.OnceValue(func() map[string]objectKind {
	m := map[string]objectKind{
		"TABLE": objTable, "TABLES": objTable, "SNAPSHOT": objTable,
		"DATABASE": objDatabase, "SCHEMA": objDatabase, "KEYSPACE": objDatabase, "OWNED": objDatabase,
		"USER": objRole, "ROLE": objRole, "LOGIN": objRole, "GROUP": objRole,
	}
	for _, w := range strings.Fields(`ACCESS AGGREGATE ALERT CAST COLLATION CONNECTION CONVERSION DIRECTORY DOMAIN
EVENT EXTENSION EXTERNAL FILE FOREIGN FUNCTION INDEX INTEGRATION LANGUAGE LIBRARY MATERIALIZED MODEL NETWORK
OPERATOR PACKAGE PIPE POLICY PROC PROCEDURE PUBLICATION RULE SECRET SEQUENCE SERVER SHARE STAGE STATISTICS
STREAM SUBSCRIPTION SYNONYM TABLESPACE TASK TEMP TEMPORARY TEXT TRIGGER TYPE VIEW WAREHOUSE`) {
		m[w] = objOther
	}
	return m
})

// set returns the set of the words, built on first use: this package is
// loaded in every hook process, most of which see no SQL.
func set(words string) *wordSet { return &wordSet{words: words} }

// wordSet is a set of words built on its first use. Declared as
// set("…"), it is laid out by the compiler: a process that never analyses
// SQL (a hook call on any other command) builds none of the sets.
type wordSet struct {
	words string
	once  sync.Once
	m     map[string]bool
}

// has reports whether w is in the set.
func (s *wordSet) has(w string) bool {
	s.once.Do(func() {
		s.m = make(map[string]bool)
		for _, f := range strings.Fields(s.words) {
			s.m[f] = true
		}
	})
	return s.m[w]
}
