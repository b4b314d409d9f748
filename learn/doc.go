// Package learn is seed 002's learning layer: the normalised pattern of a
// command, the trust a pattern earns when a person approves it more than a
// few times in a project (Trust), and the hours the user usually works
// (Hours), outside which an action is an anomaly.
//
// Entry points: Pattern, OpenTrust (RecordApproval, Lookup, List, Revoke),
// OpenHours (Record, Unusual). The stores are small JSON files in the
// state directory, safe for many hook processes at once (a lock file and
// atomic replacement); a corrupt file is set aside and started afresh.
package learn
