"""Many runs of one model: robustness sweeps (perturbations, faults) and knob sweeps."""
