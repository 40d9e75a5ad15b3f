//go:build !race

package builtin

const raceEnabled = false
