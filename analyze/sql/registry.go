package sql

import (
	"slices"

	"github.com/actionguard/actionguard/rule"
)

// Weights this package adds to seed 000's table (rule.PrivilegedKeyword…),
// each naming one way a statement reaches beyond the rows it names.
const (
	// schemaLoss: the table's definition goes too, not only its rows.
	schemaLoss = 10
	// wholeDatabase: every table of a database or schema, not one.
	wholeDatabase = 30
	// outsideDatabase: the statement acts on the server's host (its files,
	// its shell), outside what the database's own permissions protect.
	outsideDatabase = 30
	// broadGrant: every privilege, or the right to hand privileges on.
	broadGrant = 30
	// routineWrite: adding rows is noteworthy but easy to undo.
	routineWrite = 10
)

// injectionPoints weigh an injection signature. The category (rule.Injection)
// already makes the action DANGEROUS; the points say why: someone other than
// the query's author chose what it does, and it reads or writes data.
const injectionPoints = rule.PrivilegedKeyword + rule.Untrusted + rule.DataModification + rule.Irreversible

// registry is the sorted list of this package's rules.
var registry = []*rule.Rule{
	ruleAdminSessions,
	ruleAdminShutdown,
	ruleConfigServer,
	ruleDDLAlter,
	ruleDDLCreate,
	ruleDDLDropColumn,
	ruleDDLDropConstraint,
	ruleDeleteNoWhere,
	ruleDeleteTautology,
	ruleDeleteWhere,
	ruleDropDatabase,
	ruleDropObject,
	ruleDropTable,
	ruleExecProgram,
	ruleExecUntrusted,
	ruleFileRead,
	ruleFileWrite,
	ruleGrantAll,
	ruleGrantPrivileges,
	ruleInjectionComment,
	ruleInjectionStacked,
	ruleInjectionTautology,
	ruleInjectionUnion,
	ruleNetRemote,
	ruleRoleAlter,
	ruleRoleCreate,
	ruleRoleDrop,
	ruleRolePassword,
	ruleRoleSuperuser,
	ruleTruncateTable,
	ruleUpdateNoWhere,
	ruleUpdateTautology,
	ruleUpdateWhere,
	ruleWriteImport,
	ruleWriteInsert,
	ruleWriteMerge,
}

// Rules returns this package's rules, sorted by id. The slice is the
// caller's; the rules it points to are shared and must not be changed.
func Rules() []*rule.Rule {
	return slices.Clone(registry)
}
