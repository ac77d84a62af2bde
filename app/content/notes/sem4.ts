import type { Semester } from "#app/content/notes/types.ts";

export const semester4: Semester = {
  id: 4,
  ordinal: "4th",
  initialSubject: "Circuits and Systems",
  studyTips: false,
  goBackToSyllabus: false,
  subjects: [
    {
      name: "Circuits and Systems",
      units: [
        {
          title: "UNIT - I",
          desc: "Signals, systems and network topology: continuous and discrete time signals, standard signals (unit step, ramp, impulse, exponential and sinusoidal), operations on signals, classification of systems (linear, time-invariant, causal, stable), network graph, tree and co-tree, incidence matrix, tie-set and cut-set matrices, Fourier series and Fourier transform of signals.",
        },
        {
          title: "UNIT - II",
          desc: "Transient analysis using Laplace transform: review of Laplace transform, initial and final value theorems, initial conditions in networks, transformed network elements, transient response of RL, RC and RLC circuits to step, impulse, ramp and sinusoidal inputs, network theorems in the s-domain.",
        },
        {
          title: "UNIT - III",
          desc: "Network functions and two-port networks: driving point and transfer functions, poles and zeros and their significance, time domain behaviour from pole-zero plots, two-port parameters (Z, Y, h, g and ABCD), relationships between parameter sets, conditions for reciprocity and symmetry, interconnection of two-port networks.",
        },
        {
          title: "UNIT - IV",
          desc: "Network synthesis and filters: Hurwitz polynomials, positive real functions, elementary synthesis of LC, RC and RL driving point functions in Foster and Cauer forms; filters: classification, low-pass, high-pass, band-pass and band-stop filters, constant-k and m-derived filters, introduction to active filters and attenuators.",
        },
      ],
    },
    { name: "Database Management System", units: [] },
    { name: "Programming in Java", units: [] },
    { name: "Probability Statistics and Linear Programming", units: [] },
    { name: "Theory of Computation", units: [] },
    { name: "Technical Writing", units: [] },
  ],
};
