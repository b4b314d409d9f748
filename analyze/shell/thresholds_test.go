package shell

// seedThresholds are policy.SeedThresholds (the default policy's upper
// bounds of SAFE, CAUTIOUS and PRIVILEGED), for the tests that grade
// findings as the guard would. The shell's own tests cannot import the
// policy package, which reads the policy's wrappers through this one.
var seedThresholds = struct{ Safe, Cautious, Privileged int }{25, 70, 100}
