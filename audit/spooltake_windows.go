package audit

// renamesOpenFiles: Windows cannot rename a file that is open without
// FILE_SHARE_DELETE, which os.OpenFile does not ask for, and the drain
// itself holds the spool open to lock it: the spool is drained in place,
// under its exclusive lock (drainInPlace), instead of trying the rename
// and failing every time.
const renamesOpenFiles = false
