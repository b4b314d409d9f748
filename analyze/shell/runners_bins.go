package shell

import "github.com/actionguard/actionguard/analyze/supplychain"

// npmBinPackages are program names whose npm package has another name
// (tsc is typescript's): yarn dlx tsc, pnpm dlx tsc name the program as a
// developer types it. They are judged as npx judges a name: the
// project's own program of that name, else a package it downloads.
var npmBinPackages = map[string]string{
	"tsc": "typescript", "tsserver": "typescript", "ng": "@angular/cli", "nest": "@nestjs/cli", "vue-cli-service": "@vue/cli-service",
	"vite-node": "vite-node", "tsx": "tsx", "ts-node": "ts-node", "eslint_d": "eslint_d", "sb": "storybook", "cdk": "aws-cdk",
}

// popularBin reports whether n is the program of a widely used npm
// package of another name.
func popularBin(ix *supplychain.Index, n string) bool {
	pkg, ok := npmBinPackages[n]
	return ok && ix != nil && ix.Popular(pkg)
}
