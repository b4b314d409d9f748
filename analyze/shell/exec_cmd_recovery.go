package shell

import (
	"strings"

	"github.com/actionguard/actionguard/rule"
)

// Windows keeps the means to undo a disaster in places of its own: volume
// shadow copies (the "previous versions" of every file), the backup
// catalog, the boot loader's recovery environment. Deleting them is the
// first step of ransomware and never a developer's routine: what they kept
// cannot be brought back. Their programs (vssadmin, wmic shadowcopy,
// wbadmin, bcdedit, cipher /w, PowerShell's Win32_ShadowCopy) are judged on
// the words Windows reads, whether the line reaches them through a POSIX
// shell, cmd.exe or PowerShell.

var ruleWinRecoveryWipe = &rule.Rule{
	ID: "shell.win.recovery-wipe", Category: rule.MassDestruction, Points: 120,
	Summary:     "Deletes Windows' means of recovery (shadow copies, the backup catalog, the recovery environment): files lost later cannot be brought back.",
	Alternative: "leave Windows' recovery data alone (shadow copies, backups, and free space that still holds deleted files); to free space, use Disk Cleanup or delete the project's own build output",
	Match: []string{`vssadmin delete shadows /all /quiet`, `vssadmin.exe Delete Shadows /For=C:`, `cmd /c "vssadmin delete shadows /all /quiet"`,
		`wmic shadowcopy delete`, `wmic shadowcopy where "ID='x'" delete`, `wbadmin delete catalog -quiet`, `wbadmin DELETE SYSTEMSTATEBACKUP -keepVersions:0`,
		`bcdedit /set {default} recoveryenabled No`, `bcdedit.exe /set {default} bootstatuspolicy ignoreallfailures`, `vssadmin resize shadowstorage /for=C: /on=C: /maxsize=401MB`,
		`cipher /w:C:\`, `powershell -c "Get-WmiObject Win32_ShadowCopy | ForEach-Object { $_.Delete() }"`},
	NoMatch: []string{"vssadmin list shadows", "wmic shadowcopy list brief", "wbadmin get versions", "bcdedit /enum", "cipher /e secret",
		"bcdedit /set {default} recoveryenabled Yes", "wmic process list brief", "vssadmin create shadow /for=C:"},
}

// winRecoveryWipe returns what a Windows program's words (as cmd.exe
// splits them, the program first, lower-cased name) destroy of the
// system's means of recovery, or "".
func winRecoveryWipe(name string, words []string) string {
	var ws []string
	for _, w := range words[1:] {
		ws = append(ws, strings.ToLower(strings.Trim(w, `"'`)))
	}
	has := func(w string) bool {
		for _, x := range ws {
			if x == w || strings.HasPrefix(x, w+":") {
				return true
			}
		}
		return false
	}
	switch name {
	case "vssadmin":
		switch {
		case has("delete") && (has("shadows") || has("shadowstorage")):
			return "Deletes the volume shadow copies (every file's previous versions): what they kept cannot be brought back."
		case has("resize") && has("shadowstorage"):
			return "Shrinks the space of the volume shadow copies, which deletes the copies that no longer fit."
		}
	case "wmic":
		if has("shadowcopy") && has("delete") {
			return "Deletes the volume shadow copies (every file's previous versions): what they kept cannot be brought back."
		}
	case "wbadmin":
		if has("delete") && (has("catalog") || has("backup") || has("systemstatebackup")) {
			return "Deletes Windows' backups or their catalog: they can no longer be restored."
		}
	case "bcdedit":
		for i, x := range ws {
			if i+1 < len(ws) && (x == "recoveryenabled" && ws[i+1] == "no" || x == "bootstatuspolicy" && ws[i+1] == "ignoreallfailures") {
				return "Turns off Windows' recovery environment: a system that no longer starts cannot be repaired or reset."
			}
		}
	case "cipher":
		if has("/w") {
			return "Overwrites the drive's free space: files deleted before can no longer be recovered."
		}
	}
	return ""
}

// psShadowCopyWipe reports PowerShell code that deletes shadow copies
// through WMI or CIM (Win32_ShadowCopy with Delete or Remove-*).
func psShadowCopyWipe(code string) bool {
	l := strings.ToLower(code)
	return strings.Contains(l, "win32_shadowcopy") &&
		(strings.Contains(l, ".delete(") || strings.Contains(l, "remove-wmiobject") || strings.Contains(l, "remove-ciminstance") || strings.Contains(l, "rcim"))
}
