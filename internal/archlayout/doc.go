// Package archlayout holds the test that every file of an arch folder
// (arch/<goarch>/, one per arch in ci/models.json) fits one role of the
// naming scheme in docs/porting.md ("File names in arch/<goarch>"). It has
// no code.
package archlayout
