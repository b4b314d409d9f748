package hookrun

import "github.com/actionguard/actionguard/store"

// testOpen is the SQLite Opener `actionguard hook` gives.
var testOpen = OpenerOf(store.OpenForHook)

// OpenStore opens the audit database with the spooled decisions moved into
// its log first, as the commands that read it do.
var OpenStore = store.OpenDrained
