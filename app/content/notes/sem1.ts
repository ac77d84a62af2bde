import type { Semester } from "#app/content/notes/types.ts";

export const semester1: Semester = {
  id: 1,
  ordinal: "1st",
  initialSubject: "Applied Physics 1",
  studyTips: true,
  goBackToSyllabus: true,
  subjects: [
    {
      name: "Applied Physics 1",
      units: [
        {
          title: "UNIT - I",
          desc: "Thermodynamics: thermodynamic system, surroundings and boundary, state variables, thermal equilibrium and zeroth law, internal energy, heat and work, first law of thermodynamics and its applications to isothermal, adiabatic, isobaric and isochoric processes, Cp - Cv = R, second law (Kelvin-Planck and Clausius statements), Carnot engine and efficiency, entropy.",
        },
        {
          title: "UNIT - II",
          desc: "Waves and Oscillations: simple harmonic motion and its differential equation, energy in SHM, spring-mass system and simple pendulum, damped oscillations (under, critical and over damping), logarithmic decrement, relaxation time and quality factor, forced oscillations, amplitude resonance and sharpness of resonance, progressive waves, wave equation, standing waves on a string.",
        },
        {
          title: "UNIT - III",
          desc: "Wave Optics: coherence and coherent sources, Young's double slit experiment, fringe width, interference in thin films, wedge-shaped film, Newton's rings and determination of wavelength and refractive index, Michelson interferometer, Fresnel and Fraunhofer diffraction, single slit and double slit diffraction, plane transmission grating, Rayleigh criterion, resolving and dispersive power of a grating.",
        },
        {
          title: "UNIT - IV",
          desc: "Relativity and Lasers: frames of reference, Galilean transformation, Michelson-Morley experiment, postulates of special relativity, Lorentz transformations, length contraction, time dilation, relativistic velocity addition, variation of mass with velocity, mass-energy equivalence; absorption, spontaneous and stimulated emission, Einstein coefficients, population inversion, pumping, ruby and He-Ne lasers, applications of lasers.",
        },
      ],
    },
    {
      name: "Applied Mathematics 1",
      units: [
        {
          title: "UNIT - I",
          desc: "Differential calculus: successive differentiation, Leibnitz theorem, Taylor's and Maclaurin's series expansions, partial derivatives, Euler's theorem for homogeneous functions, total derivative and chain rule, Jacobians, Taylor's theorem for functions of two variables, maxima and minima of functions of two variables, Lagrange's method of undetermined multipliers.",
        },
        {
          title: "UNIT - II",
          desc: "Integral calculus: Beta and Gamma functions and their properties, double and triple integrals, change of order of integration, change of variables, double integrals in polar coordinates, applications of multiple integrals to area and volume; infinite series: convergence and divergence, comparison, ratio, root and integral tests, alternating series and Leibnitz test.",
        },
        {
          title: "UNIT - III",
          desc: "Ordinary differential equations: formation, first order equations (variable separable, homogeneous, exact and reducible to exact, linear and Bernoulli's equations), higher order linear differential equations with constant coefficients, complementary function and particular integral, method of variation of parameters, Cauchy-Euler and Legendre linear equations, applications to electrical circuits.",
        },
        {
          title: "UNIT - IV",
          desc: "Matrices: types of matrices, elementary transformations, rank of a matrix by echelon and normal form, consistency of a system of linear equations, Gauss elimination, linear dependence and independence of vectors, eigenvalues and eigenvectors and their properties, Cayley-Hamilton theorem and inverse of a matrix, diagonalisation, quadratic forms and their reduction to canonical form.",
        },
      ],
    },
    {
      name: "Applied Chemistry",
      units: [
        {
          title: "UNIT - I",
          desc: "Water technology: sources and impurities of water, hardness and its determination by EDTA method, alkalinity, boiler troubles (scale and sludge, priming and foaming, caustic embrittlement, boiler corrosion), softening of water by lime-soda, zeolite and ion-exchange processes, reverse osmosis, treatment of water for domestic use, dissolved oxygen, BOD and COD.",
        },
        {
          title: "UNIT - II",
          desc: "Fuels and combustion: classification of fuels, calorific value (gross and net), determination by bomb and Boys' calorimeter, proximate and ultimate analysis of coal, carbonisation, petroleum refining and cracking, knocking, octane and cetane numbers, synthetic petrol, gaseous fuels (CNG, LPG, biogas), combustion calculations for air requirement, flue gas analysis.",
        },
        {
          title: "UNIT - III",
          desc: "Polymers and engineering materials: classification of polymers, addition and condensation polymerisation, thermoplastics and thermosetting plastics, preparation, properties and uses of polyethylene, PVC, Teflon, nylon, Bakelite and epoxy resins, natural rubber and vulcanisation, conducting and biodegradable polymers, composites, lubricants and their properties, nanomaterials.",
        },
        {
          title: "UNIT - IV",
          desc: "Electrochemistry and corrosion: electrode potential, Nernst equation, electrochemical series, reference electrodes, electrochemical cells and batteries (lead-acid, lithium-ion), fuel cells; corrosion: dry and wet corrosion, mechanism, galvanic, pitting and differential aeration corrosion, factors affecting corrosion, protection by cathodic protection, metallic and organic coatings; basics of UV-visible and IR spectroscopy.",
        },
      ],
    },
    {
      name: "Manufacturing Processes",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction to manufacturing and casting: classification of manufacturing processes, sand casting, pattern materials, types of patterns and pattern allowances, moulding sands and their properties, cores, gating and risering systems, melting furnaces (cupola), casting defects and remedies, die casting, centrifugal casting and investment casting.",
        },
        {
          title: "UNIT - II",
          desc: "Metal forming: elastic and plastic deformation, hot and cold working, rolling and rolling mills, forging operations and hand, drop and press forging, extrusion (direct, indirect, impact), wire and tube drawing, sheet metal operations (shearing, blanking, piercing, bending, deep drawing), press tools and dies, forming defects.",
        },
        {
          title: "UNIT - III",
          desc: "Joining processes: classification of welding, gas welding and oxy-acetylene flames, electric arc welding, shielded metal arc, TIG and MIG welding, submerged arc welding, resistance welding (spot, seam, projection), thermit welding, soldering and brazing, welding joints and positions, welding defects, inspection and safety.",
        },
        {
          title: "UNIT - IV",
          desc: "Machining and modern manufacturing: mechanics of metal cutting, cutting tool materials and tool signature, lathe and its operations, drilling, milling, shaping and grinding machines, cutting speed, feed and depth of cut, introduction to CNC machines and part programming, non-traditional machining (EDM, ECM, LBM), additive manufacturing and 3D printing.",
        },
      ],
    },
    {
      name: "Communication Skills",
      units: [
        {
          title: "UNIT - I",
          desc: "Fundamentals of communication: definition, process and elements of communication, verbal and non-verbal communication, formal and informal channels, downward, upward and lateral communication, barriers to communication and ways to overcome them, the 7 Cs of effective communication, cross-cultural communication, communication in the digital age.",
        },
        {
          title: "UNIT - II",
          desc: "Listening and speaking skills: types of listening, active listening and barriers to listening, basics of phonetics, stress and intonation, public speaking, planning and delivering presentations, use of visual aids, group discussion techniques, personal interviews and mock interviews, telephone and meeting etiquette.",
        },
        {
          title: "UNIT - III",
          desc: "Reading and writing skills: reading strategies (skimming, scanning, intensive and extensive reading), reading comprehension, vocabulary building (synonyms, antonyms, one-word substitutes, idioms), common errors in English grammar, paragraph writing, précis writing, essay writing, note making and summarising.",
        },
        {
          title: "UNIT - IV",
          desc: "Professional writing: business letters (enquiry, order, complaint, adjustment), e-mail writing and netiquette, memos, notices, circulars, agenda and minutes of meetings, report writing (types, structure and style), technical proposals, job applications, cover letter and resume writing.",
        },
      ],
    },
    {
      name: "Engineering Graphics",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction to engineering drawing: drawing instruments and their use, BIS conventions, lines, lettering and dimensioning, scales (plain, diagonal and vernier), representative fraction, geometrical constructions, conic sections (ellipse, parabola, hyperbola), engineering curves including cycloid, epicycloid, hypocycloid and involute.",
        },
        {
          title: "UNIT - II",
          desc: "Orthographic projections: principles of projection, first angle and third angle methods, projections of points in all quadrants, projections of straight lines parallel, perpendicular and inclined to the reference planes, true length and true inclinations, traces of lines, projections of plane surfaces inclined to one or both planes.",
        },
        {
          title: "UNIT - III",
          desc: "Projections and sections of solids: projections of prisms, pyramids, cylinders and cones with axis inclined to one or both reference planes, sections of solids by cutting planes, true shape of section, development of lateral surfaces of right solids, orthographic views of simple machine parts.",
        },
        {
          title: "UNIT - IV",
          desc: "Isometric projections and computer-aided drafting: isometric scale, isometric views and projections of simple solids and objects, conversion of isometric views to orthographic views and vice versa, introduction to CAD software, drawing, editing and dimensioning commands, layers, 2D drafting of simple components.",
        },
      ],
    },
    {
      name: "Engineering Mechanics",
      units: [
        {
          title: "UNIT - I",
          desc: "Force systems and equilibrium: basic concepts, laws of mechanics, composition and resolution of forces, resultant of coplanar concurrent and non-concurrent forces, moment of a force, Varignon's theorem, couples, free body diagram, equations of equilibrium, Lami's theorem, types of supports and loads, support reactions of beams.",
        },
        {
          title: "UNIT - II",
          desc: "Friction and trusses: laws of Coulomb friction, angle of friction and angle of repose, cone of friction, problems on blocks, inclined planes, ladders and wedges, belt friction; plane trusses, perfect and imperfect frames, analysis of trusses by method of joints and method of sections, principle of virtual work.",
        },
        {
          title: "UNIT - III",
          desc: "Centroid and moment of inertia: centre of gravity and centroid of lines, plane areas and composite figures, Pappus-Guldinus theorems, area moment of inertia, parallel and perpendicular axis theorems, radius of gyration, moment of inertia of composite sections, polar moment of inertia, mass moment of inertia of simple bodies.",
        },
        {
          title: "UNIT - IV",
          desc: "Dynamics of particles: kinematics of rectilinear and curvilinear motion, projectile motion, relative motion, kinetics using Newton's second law, D'Alembert's principle, work-energy principle, conservation of energy, impulse and momentum, conservation of momentum, direct and oblique impact, coefficient of restitution.",
        },
      ],
    },
    {
      name: "Electrical Science",
      units: [
        {
          title: "UNIT - I",
          desc: "DC circuits: circuit elements, voltage and current sources, Ohm's law, Kirchhoff's current and voltage laws, series and parallel circuits, star-delta transformation, source transformation, mesh and nodal analysis, network theorems: superposition, Thevenin's, Norton's and maximum power transfer theorems.",
        },
        {
          title: "UNIT - II",
          desc: "AC circuits: generation of sinusoidal voltage, average and RMS values, form and peak factors, phasor representation, behaviour of R, L and C, series and parallel RL, RC and RLC circuits, impedance and admittance, active, reactive and apparent power, power factor, series and parallel resonance, three-phase star and delta connections, power measurement.",
        },
        {
          title: "UNIT - III",
          desc: "Magnetic circuits and transformers: magnetic circuit concepts, MMF, reluctance, B-H curve, hysteresis and eddy current losses, Faraday's laws of electromagnetic induction, self and mutual inductance, single-phase transformer construction and working, EMF equation, equivalent circuit, open and short circuit tests, losses, efficiency and regulation.",
        },
        {
          title: "UNIT - IV",
          desc: "Electrical machines and measuring instruments: construction and working of DC generators and motors, EMF and torque equations, three-phase induction motor principle and slip, single-phase induction motors; PMMC and moving iron instruments, extension of range of ammeters and voltmeters, dynamometer wattmeter, energy meter, electrical safety and earthing.",
        },
      ],
    },
    {
      name: "Environmental Science",
      units: [
        {
          title: "UNIT - I",
          desc: "Multidisciplinary nature of environmental studies and natural resources: scope and importance, need for public awareness, forest, water, mineral, food, energy and land resources, over-exploitation, deforestation, dams and their effects, renewable and non-renewable energy sources, role of an individual in conservation of natural resources.",
        },
        {
          title: "UNIT - II",
          desc: "Ecosystems and biodiversity: concept, structure and function of an ecosystem, producers, consumers and decomposers, energy flow, food chains, food webs and ecological pyramids, forest, grassland, desert and aquatic ecosystems; biodiversity at genetic, species and ecosystem levels, India as a mega-diversity nation, hotspots, threats to biodiversity, in-situ and ex-situ conservation.",
        },
        {
          title: "UNIT - III",
          desc: "Environmental pollution: causes, effects and control measures of air, water, soil, marine, noise, thermal and nuclear pollution, solid waste management (municipal, biomedical and e-waste), role of individuals in pollution prevention, disaster management for floods, earthquakes, cyclones and landslides.",
        },
        {
          title: "UNIT - IV",
          desc: "Social issues and the environment: sustainable development, water conservation and rainwater harvesting, climate change, global warming, acid rain, ozone layer depletion, environmental ethics, Environment Protection Act, Air and Water (Prevention and Control of Pollution) Acts, Wildlife Protection Act, Forest Conservation Act, environmental impact assessment, population growth and human health.",
        },
      ],
    },
    {
      name: "Human Values and Professional Ethics",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction to value education: need, basic guidelines, content and process of value education, self-exploration as the process, natural acceptance and experiential validation, continuous happiness and prosperity as basic human aspirations, right understanding, relationship and physical facility, understanding happiness and prosperity correctly.",
        },
        {
          title: "UNIT - II",
          desc: "Harmony in the human being: the human being as co-existence of the self ('I') and the body, needs of the self and the body, the body as an instrument of the self, activities of the self, harmony of the self with the body, sanyam and health, programme to ensure self-regulation and health.",
        },
        {
          title: "UNIT - III",
          desc: "Harmony in the family and society: the family as the basic unit of human interaction, values in human relationships, trust and respect as foundational values, other feelings and justice, the comprehensive human goal, universal harmonious order in society, from family to world family.",
        },
        {
          title: "UNIT - IV",
          desc: "Harmony in nature and professional ethics: interconnectedness and mutual fulfilment among the four orders of nature, existence as co-existence, natural acceptance of human values, definitiveness of ethical human conduct, competence in professional ethics, humanistic education and constitution, holistic technologies and production systems, case studies of ethical dilemmas.",
        },
      ],
    },
    {
      name: "Indian Constitution",
      units: [
        {
          title: "UNIT - I",
          desc: "Making of the Indian Constitution: historical background, Government of India Acts 1919 and 1935, the Constituent Assembly and its committees, role of Dr. B. R. Ambedkar, sources and salient features of the Constitution, the Preamble and its significance, basic structure doctrine.",
        },
        {
          title: "UNIT - II",
          desc: "Fundamental Rights, Directive Principles and Duties: right to equality, right to freedom, right against exploitation, right to freedom of religion, cultural and educational rights, right to constitutional remedies and writs, Directive Principles of State Policy, relationship between Fundamental Rights and Directive Principles, Fundamental Duties.",
        },
        {
          title: "UNIT - III",
          desc: "Union and State governments: President and Vice-President, Prime Minister and Council of Ministers, Parliament (Lok Sabha and Rajya Sabha) and law-making procedure, Supreme Court and judicial review; Governor, Chief Minister and State Legislature, High Courts, Centre-State relations and federal features.",
        },
        {
          title: "UNIT - IV",
          desc: "Local government and constitutional bodies: Panchayati Raj institutions and urban local bodies, 73rd and 74th Constitutional Amendments, Election Commission and electoral process, Comptroller and Auditor General, Union Public Service Commission, emergency provisions, amendment of the Constitution and important amendments.",
        },
      ],
    },
    {
      name: "Programming in C",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction to programming: computer organisation basics, algorithms, flowcharts and pseudocode, structure of a C program, compilation and execution, character set, tokens, keywords and identifiers, data types, constants and variables, operators and expressions, precedence and associativity, type conversion, formatted input and output (printf, scanf).",
        },
        {
          title: "UNIT - II",
          desc: "Control structures, arrays and strings: if, if-else, nested if and else-if ladder, switch statement, while, do-while and for loops, nested loops, break, continue and goto, one and two dimensional arrays, matrix operations, linear and binary search, bubble and selection sort, character arrays and strings, string handling functions.",
        },
        {
          title: "UNIT - III",
          desc: "Functions and pointers: function declaration, definition and call, call by value and call by reference, recursion, passing arrays to functions, storage classes (auto, extern, static, register) and scope, pointers and pointer arithmetic, pointers and arrays, array of pointers, pointers to functions, dynamic memory allocation with malloc, calloc, realloc and free.",
        },
        {
          title: "UNIT - IV",
          desc: "Structures, unions and files: defining structures, array of structures, nested structures, pointers to structures, self-referential structures, unions, enumerations and typedef, bit fields, file handling (fopen, fclose, fprintf, fscanf, fread, fwrite, fseek), text and binary files, command-line arguments, preprocessor directives and macros.",
        },
      ],
    },
  ],
};
