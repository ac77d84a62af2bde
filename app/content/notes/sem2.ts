import type { Semester } from "#app/content/notes/types.ts";

export const semester2: Semester = {
  id: 2,
  ordinal: "2nd",
  initialSubject: "Applied Mathematics 2",
  studyTips: true,
  goBackToSyllabus: true,
  subjects: [
    {
      name: "Applied Mathematics 2",
      units: [
        {
          title: "UNIT - I",
          desc: "Linear differential equations: higher order linear equations with constant and variable coefficients, method of undetermined coefficients, variation of parameters, simultaneous linear equations, series solution about ordinary points, Legendre's and Bessel's equations, Legendre polynomials and Bessel functions with their properties.",
        },
        {
          title: "UNIT - II",
          desc: "Laplace transforms: definition and existence, transforms of elementary functions, linearity, first and second shifting theorems, change of scale, transforms of derivatives and integrals, multiplication and division by t, unit step and Dirac delta functions, periodic functions, inverse Laplace transform, convolution theorem, solution of ODEs using Laplace transforms.",
        },
        {
          title: "UNIT - III",
          desc: "Vector calculus: differentiation of vectors, scalar and vector point functions, gradient, directional derivative, divergence and curl with physical interpretation, solenoidal and irrotational fields, line, surface and volume integrals, work done and circulation, Green's theorem in the plane, Stokes' theorem and Gauss divergence theorem with applications.",
        },
        {
          title: "UNIT - IV",
          desc: "Complex analysis: functions of a complex variable, limit, continuity and differentiability, analytic functions, Cauchy-Riemann equations, harmonic functions, Milne-Thomson method, conformal and bilinear transformations, complex integration, Cauchy's integral theorem and formula, Taylor's and Laurent's series, singularities, residue theorem and evaluation of real integrals.",
        },
      ],
    },
    {
      name: "Applied Physics 2",
      units: [
        {
          title: "UNIT - I",
          desc: "Electromagnetic theory: scalar and vector fields, gradient, divergence and curl, Gauss's law, Ampere's circuital law, Faraday's law, continuity equation, displacement current, Maxwell's equations in differential and integral form, electromagnetic waves in free space and dielectric media, Poynting vector and Poynting theorem.",
        },
        {
          title: "UNIT - II",
          desc: "Quantum mechanics: black body radiation and Planck's hypothesis, photoelectric and Compton effects, de Broglie hypothesis and matter waves, Davisson-Germer experiment, Heisenberg uncertainty principle, wave function and its physical significance, time dependent and independent Schrodinger equations, particle in a one dimensional box, quantum tunnelling.",
        },
        {
          title: "UNIT - III",
          desc: "Solid state physics: crystal structure, unit cell, Bravais lattices, Miller indices, packing fraction of SC, BCC and FCC lattices, X-ray diffraction and Bragg's law, free electron theory, band theory of solids and Kronig-Penney model, classification of solids, intrinsic and extrinsic semiconductors, Fermi level, Hall effect and its applications.",
        },
        {
          title: "UNIT - IV",
          desc: "Superconductivity, magnetic materials and nanomaterials: Meissner effect, critical field and critical current, type I and type II superconductors, BCS theory, Josephson effect and applications; dia-, para- and ferromagnetism, hysteresis, soft and hard magnetic materials; nanomaterials, quantum confinement, carbon nanotubes, synthesis and applications of nanomaterials.",
        },
      ],
    },
    {
      name: "Data Structures",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction: data types and abstract data types, algorithm analysis, time and space complexity, asymptotic notations (Big O, Omega, Theta), arrays and their memory representation, row-major and column-major order, sparse matrices, linear and binary search, bubble, selection and insertion sort.",
        },
        {
          title: "UNIT - II",
          desc: "Stacks, queues and linked lists: stack operations and implementation using arrays and linked lists, applications (infix to postfix conversion, expression evaluation, recursion), queues, circular queues, deques and priority queues, singly, doubly and circular linked lists, operations on linked lists, polynomial representation and addition.",
        },
        {
          title: "UNIT - III",
          desc: "Trees: terminology, binary trees and their representation, tree traversals (inorder, preorder, postorder, level order), threaded binary trees, binary search trees and operations, AVL trees and rotations, B-trees and B+ trees, heaps and heap sort, priority queues using heaps, Huffman coding.",
        },
        {
          title: "UNIT - IV",
          desc: "Graphs, hashing and sorting: graph terminology, adjacency matrix and adjacency list, breadth first and depth first search, minimum spanning trees (Prim's and Kruskal's), Dijkstra's shortest path, topological sorting; hashing, hash functions and collision resolution (chaining, open addressing); merge sort, quick sort, radix sort and their comparison.",
        },
      ],
    },
    {
      name: "Digital Electronics",
      units: [
        {
          title: "UNIT - I",
          desc: "Number systems and Boolean algebra: binary, octal, decimal and hexadecimal systems and conversions, 1's and 2's complements, binary codes (BCD, excess-3, Gray, ASCII), error detecting codes, Boolean algebra and theorems, De Morgan's laws, logic gates and universal gates, SOP and POS forms, Karnaugh maps, Quine-McCluskey method.",
        },
        {
          title: "UNIT - II",
          desc: "Combinational circuits: design procedure, half and full adders and subtractors, parallel adder, carry look-ahead adder, BCD adder, magnitude comparator, multiplexers and demultiplexers, encoders and priority encoders, decoders, code converters, parity generators and checkers, implementation of Boolean functions using multiplexers and decoders.",
        },
        {
          title: "UNIT - III",
          desc: "Sequential circuits: latches, SR, JK, D and T flip-flops, race-around condition and master-slave flip-flop, characteristic and excitation tables, flip-flop conversions, shift registers, asynchronous and synchronous counters, ring and Johnson counters, state diagrams, Mealy and Moore machines, state reduction and design of synchronous sequential circuits.",
        },
        {
          title: "UNIT - IV",
          desc: "Logic families, memories and converters: characteristics of digital ICs (fan-in, fan-out, noise margin, propagation delay, power dissipation), RTL, DTL, TTL, ECL and CMOS families, semiconductor memories (ROM, PROM, EPROM, EEPROM, SRAM, DRAM), programmable logic devices (PLA, PAL), digital-to-analog and analog-to-digital converters.",
        },
      ],
    },
    {
      name: "Database Management Systems",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction and data modelling: file systems versus DBMS, data models, schemas and instances, three-schema architecture, data independence, database languages, DBA and database users, entity-relationship model, entities, attributes, relationships, keys, weak entities, extended ER features (generalisation, specialisation, aggregation), ER to relational mapping.",
        },
        {
          title: "UNIT - II",
          desc: "Relational model and SQL: relational model concepts, integrity constraints, relational algebra, tuple and domain relational calculus, SQL data definition and manipulation, basic queries, joins, nested and correlated subqueries, aggregate functions, GROUP BY and HAVING, views, stored procedures, triggers and embedded SQL.",
        },
        {
          title: "UNIT - III",
          desc: "Database design: functional dependencies, Armstrong's axioms, closure of attributes, canonical cover, anomalies in relations, normal forms (1NF, 2NF, 3NF, BCNF), lossless join and dependency preserving decomposition, multivalued dependencies and 4NF, join dependencies and 5NF.",
        },
        {
          title: "UNIT - IV",
          desc: "Transactions, concurrency and storage: transaction concept and ACID properties, schedules, conflict and view serializability, recoverable schedules, lock-based protocols and two-phase locking, timestamp ordering, deadlock handling, log-based recovery and checkpoints, shadow paging, file organisation, indexing, B+ tree indexes and hashing.",
        },
      ],
    },
    {
      name: "Object Oriented Programming",
      units: [
        {
          title: "UNIT - I",
          desc: "Object oriented concepts: procedural versus object oriented programming, objects, classes, abstraction, encapsulation, inheritance, polymorphism and message passing, introduction to C++, tokens, data types, reference variables, operators, scope resolution operator, inline functions, default arguments, function overloading.",
        },
        {
          title: "UNIT - II",
          desc: "Classes and objects: defining classes, access specifiers, member functions, arrays of objects, static data members and member functions, friend functions and friend classes, constructors (default, parameterised, copy), destructors, dynamic memory with new and delete, the this pointer, operator overloading and type conversions.",
        },
        {
          title: "UNIT - III",
          desc: "Inheritance and polymorphism: base and derived classes, visibility modes, single, multiple, multilevel, hierarchical and hybrid inheritance, virtual base classes, constructors in derived classes, pointers to objects and derived classes, virtual functions, pure virtual functions and abstract classes, early and late binding.",
        },
        {
          title: "UNIT - IV",
          desc: "Templates, exceptions and files: function and class templates, exception handling with try, throw and catch, rethrowing and specifying exceptions, Standard Template Library (containers, iterators and algorithms), C++ stream classes, formatted and unformatted I/O, manipulators, file streams and random access file operations.",
        },
      ],
    },
    {
      name: "Web Technology",
      units: [
        {
          title: "UNIT - I",
          desc: "Internet and HTML: history of the Internet and WWW, client-server architecture, HTTP request and response, URLs, DNS, web browsers and web servers, HTML5 document structure, text formatting, lists, links, images, tables, forms and input types, audio and video, semantic elements, accessibility basics.",
        },
        {
          title: "UNIT - II",
          desc: "CSS: inline, internal and external style sheets, selectors and specificity, colours, fonts and text properties, the box model, display and positioning, floats, Flexbox and CSS Grid layouts, responsive web design with media queries, transitions and animations, introduction to CSS frameworks such as Bootstrap.",
        },
        {
          title: "UNIT - III",
          desc: "JavaScript: variables, data types and operators, control statements, functions and scope, arrays and objects, events and event handling, the Document Object Model and DOM manipulation, form validation, ES6 features (let, const, arrow functions, classes, modules), JSON, AJAX and the Fetch API, promises and async/await.",
        },
        {
          title: "UNIT - IV",
          desc: "Server-side programming: introduction to server-side scripting, Node.js and Express basics, routing and middleware, handling forms, cookies and sessions, connecting to a database (MySQL or MongoDB), RESTful APIs, XML and its parsing, web hosting and deployment, basic web security (HTTPS, XSS, SQL injection, CSRF).",
        },
      ],
    },
    {
      name: "Economics for Engineers",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction and demand analysis: nature and scope of economics, microeconomics and macroeconomics, relevance of economics to engineering, theory of demand, law of demand and its exceptions, elasticity of demand (price, income, cross) and its measurement, demand forecasting methods, law of supply, market equilibrium.",
        },
        {
          title: "UNIT - II",
          desc: "Production and cost: production function, law of variable proportions, returns to scale, isoquants and isocost lines, economies and diseconomies of scale, cost concepts (fixed, variable, marginal, average, opportunity, sunk), short-run and long-run cost curves, break-even analysis.",
        },
        {
          title: "UNIT - III",
          desc: "Market structures and pricing: perfect competition, monopoly, monopolistic competition and oligopoly, price and output determination, kinked demand curve, price discrimination, pricing methods and strategies, revenue concepts (total, average and marginal revenue).",
        },
        {
          title: "UNIT - IV",
          desc: "Macroeconomics and engineering economy: national income concepts and measurement, inflation and deflation, business cycles, monetary and fiscal policy, role of RBI and commercial banks; time value of money, simple and compound interest, present worth, annual worth, NPV, IRR and payback period, depreciation methods, replacement analysis.",
        },
      ],
    },
    {
      name: "Professional Ethics",
      units: [
        {
          title: "UNIT - I",
          desc: "Engineering ethics: senses of engineering ethics, variety of moral issues, types of inquiry, moral dilemmas, moral autonomy, Kohlberg's and Gilligan's theories of moral development, consensus and controversy, professions and professionalism, professional ideals and virtues, theories about right action, self-interest, customs and religion.",
        },
        {
          title: "UNIT - II",
          desc: "Engineering as social experimentation: engineering projects as experiments, engineers as responsible experimenters, codes of ethics of professional bodies (IEEE, ACM, IEI), a balanced outlook on law, case studies such as the Challenger disaster, informed consent and accountability.",
        },
        {
          title: "UNIT - III",
          desc: "Safety, responsibilities and rights: safety and risk, assessment of safety and risk, risk-benefit analysis and reducing risk, case studies of Chernobyl and Bhopal, collegiality and loyalty, respect for authority, collective bargaining, confidentiality, conflicts of interest, occupational crime, professional and employee rights, whistle-blowing, intellectual property rights.",
        },
        {
          title: "UNIT - IV",
          desc: "Global issues: multinational corporations, environmental ethics, computer ethics (privacy, software piracy, cybercrime), weapons development, engineers as managers, consulting engineers and expert witnesses, moral leadership, corporate social responsibility, sample codes of conduct.",
        },
      ],
    },
  ],
};
