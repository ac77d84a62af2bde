import type { Semester } from "#app/content/notes/types.ts";

export const semester3: Semester = {
  id: 3,
  ordinal: "3rd",
  initialSubject: "Design and Analysis of Algorithms",
  studyTips: true,
  goBackToSyllabus: true,
  subjects: [
    {
      name: "Design and Analysis of Algorithms",
      units: [
        {
          title: "UNIT - I",
          desc: "Foundations: algorithms and their analysis, asymptotic notations, best, worst and average case, solving recurrences by substitution, recursion tree and master method, sorting algorithms (insertion, merge, heap and quick sort) and their analysis, lower bound for comparison sorting, linear time sorting (counting, radix and bucket sort), order statistics.",
        },
        {
          title: "UNIT - II",
          desc: "Divide and conquer and greedy methods: binary search, Strassen's matrix multiplication, closest pair of points; greedy strategy, activity selection, fractional knapsack, Huffman codes, job sequencing with deadlines, minimum spanning trees (Prim's and Kruskal's), single source shortest paths (Dijkstra's and Bellman-Ford algorithms).",
        },
        {
          title: "UNIT - III",
          desc: "Dynamic programming, backtracking and branch and bound: principles of dynamic programming, matrix chain multiplication, longest common subsequence, 0/1 knapsack, optimal binary search trees, Floyd-Warshall all pairs shortest paths; backtracking for n-queens, sum of subsets and graph colouring; branch and bound for the travelling salesman problem.",
        },
        {
          title: "UNIT - IV",
          desc: "Advanced topics: string matching (naive, Rabin-Karp, Knuth-Morris-Pratt), flow networks and the Ford-Fulkerson method, theory of NP-completeness, classes P, NP, NP-hard and NP-complete, polynomial time reductions, Cook's theorem, NP-complete problems (SAT, clique, vertex cover, Hamiltonian cycle), introduction to approximation algorithms.",
        },
      ],
    },
    {
      name: "Computer Organization and Architecture",
      units: [
        {
          title: "UNIT - I",
          desc: "Basic computer organisation: functional units, von Neumann architecture, bus structures, register transfer language, arithmetic, logic and shift micro-operations, instruction codes, computer registers, common bus system, instruction cycle, memory reference, register reference and input-output instructions, interrupt cycle.",
        },
        {
          title: "UNIT - II",
          desc: "Central processing unit: general register and stack organisation, instruction formats (three, two, one and zero address), addressing modes, data transfer, data manipulation and program control instructions, RISC and CISC characteristics, hardwired and microprogrammed control units, control memory and microinstruction format, pipelining and pipeline hazards.",
        },
        {
          title: "UNIT - III",
          desc: "Computer arithmetic and input-output: addition and subtraction of signed numbers, Booth's multiplication algorithm, restoring and non-restoring division, IEEE 754 floating point representation and arithmetic; peripheral devices, I/O interface, asynchronous data transfer (strobe and handshaking), programmed I/O, interrupt-driven I/O, priority interrupts, DMA, I/O processors.",
        },
        {
          title: "UNIT - IV",
          desc: "Memory organisation and parallel processing: memory hierarchy, main memory (RAM and ROM chips), auxiliary memory, associative memory, cache memory and mapping techniques (direct, associative, set-associative), replacement and write policies, virtual memory, paging and TLB; Flynn's classification, vector processing, array processors and multiprocessors.",
        },
      ],
    },
    {
      name: "Operating Systems",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction and process management: operating system functions and types (batch, multiprogramming, time-sharing, real-time, distributed), system calls and OS structures, process concept and states, process control block, context switching, threads and multithreading models, CPU scheduling criteria and algorithms (FCFS, SJF, SRTF, priority, round robin, multilevel queue).",
        },
        {
          title: "UNIT - II",
          desc: "Process synchronisation and deadlocks: critical section problem, Peterson's solution, synchronisation hardware, semaphores and mutex locks, monitors, classical problems (producer-consumer, readers-writers, dining philosophers); deadlock characterisation, resource allocation graph, deadlock prevention, avoidance using Banker's algorithm, detection and recovery.",
        },
        {
          title: "UNIT - III",
          desc: "Memory management: logical and physical addresses, swapping, contiguous allocation, fragmentation, paging and page tables, segmentation, segmentation with paging; virtual memory, demand paging, page faults, page replacement algorithms (FIFO, optimal, LRU), Belady's anomaly, frame allocation, thrashing and working set model.",
        },
        {
          title: "UNIT - IV",
          desc: "Storage and file systems: file concepts, access methods, directory structures, file system mounting, allocation methods (contiguous, linked, indexed), free space management, disk structure and disk scheduling algorithms (FCFS, SSTF, SCAN, C-SCAN, LOOK), RAID levels, I/O systems, protection and security, case study of Linux.",
        },
      ],
    },
    {
      name: "Theory of Computation",
      units: [
        {
          title: "UNIT - I",
          desc: "Finite automata: alphabets, strings and languages, deterministic finite automata, non-deterministic finite automata, NFA with epsilon moves, equivalence of NFA and DFA (subset construction), minimisation of DFA, finite automata with output (Mealy and Moore machines) and their conversion.",
        },
        {
          title: "UNIT - II",
          desc: "Regular languages: regular expressions, equivalence of regular expressions and finite automata, Arden's theorem, regular grammars, pumping lemma for regular languages, closure and decision properties of regular languages, Myhill-Nerode theorem.",
        },
        {
          title: "UNIT - III",
          desc: "Context-free languages: context-free grammars, derivations and parse trees, ambiguity, simplification of CFGs (useless symbols, unit and null productions), Chomsky and Greibach normal forms, pushdown automata, acceptance by final state and empty stack, equivalence of PDA and CFG, pumping lemma for CFLs, closure properties.",
        },
        {
          title: "UNIT - IV",
          desc: "Turing machines and computability: Turing machine model, design of Turing machines, variants (multi-tape, non-deterministic), Church-Turing thesis, recursive and recursively enumerable languages, Chomsky hierarchy, linear bounded automata, undecidability, halting problem, Post correspondence problem, introduction to P and NP classes.",
        },
      ],
    },
    {
      name: "Software Engineering",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction and requirements: software crisis, software characteristics, software process, life cycle models (waterfall, prototyping, iterative enhancement, evolutionary, spiral, RAD, agile), requirements elicitation and analysis, data flow diagrams, data dictionaries, use case modelling, software requirements specification (IEEE standard), requirements validation.",
        },
        {
          title: "UNIT - II",
          desc: "Software project planning and design: size estimation (LOC and function point analysis), cost estimation models (COCOMO, COCOMO II, Putnam), risk management, software design principles, modularity, cohesion and coupling, function-oriented design, structure charts, object-oriented design with UML diagrams.",
        },
        {
          title: "UNIT - III",
          desc: "Software metrics and reliability: measurement basics, token count (Halstead's software science), data structure and information flow metrics, object-oriented metrics, software reliability concepts, reliability models (basic execution time and logarithmic Poisson), software quality models, ISO 9000 and the Capability Maturity Model.",
        },
        {
          title: "UNIT - IV",
          desc: "Software testing and maintenance: verification and validation, testing fundamentals, functional testing (boundary value analysis, equivalence partitioning, decision tables, cause-effect graphing), structural testing (path testing, cyclomatic complexity, data flow and mutation testing), unit, integration, system and acceptance testing, debugging, maintenance types, regression testing, reverse engineering and re-engineering.",
        },
      ],
    },
    {
      name: "Internet of Things",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction to IoT: definition and characteristics, physical design (things and protocols), logical design (functional blocks and communication models), enabling technologies (wireless sensor networks, cloud computing, big data analytics, embedded systems), IoT levels and deployment templates, M2M versus IoT, SDN and NFV for IoT.",
        },
        {
          title: "UNIT - II",
          desc: "IoT hardware and communication: sensors and actuators, types of sensors, microcontrollers and single board computers, Arduino and Raspberry Pi platforms, interfacing sensors, short range communication technologies (RFID, NFC, Bluetooth Low Energy, ZigBee, Wi-Fi), low power wide area networks (LoRaWAN, NB-IoT).",
        },
        {
          title: "UNIT - III",
          desc: "IoT protocols and architecture: IPv6 and 6LoWPAN, RPL routing, application layer protocols (MQTT, CoAP, AMQP, XMPP, HTTP and REST), publish-subscribe and request-response models, IoT reference architectures, edge, fog and cloud computing for IoT.",
        },
        {
          title: "UNIT - IV",
          desc: "IoT data, security and applications: data acquisition and storage, IoT cloud platforms (AWS IoT, ThingSpeak), data analytics for IoT, security and privacy challenges, threats and countermeasures, applications in smart homes, smart cities, healthcare, agriculture, industrial IoT and environmental monitoring, case studies.",
        },
      ],
    },
    {
      name: "Java Programming",
      units: [
        {
          title: "UNIT - I",
          desc: "Java fundamentals: features of Java, JDK, JRE and JVM, bytecode and platform independence, data types, variables, operators and type casting, control statements, arrays, command-line arguments, classes and objects, methods, constructors and constructor overloading, the this and static keywords, garbage collection.",
        },
        {
          title: "UNIT - II",
          desc: "Inheritance, interfaces and packages: types of inheritance, super keyword, method overriding and dynamic method dispatch, abstract classes, final keyword, interfaces and default methods, packages and access protection, importing packages, String, StringBuilder and StringBuffer classes, wrapper classes and autoboxing.",
        },
        {
          title: "UNIT - III",
          desc: "Exceptions, threads and I/O: exception hierarchy, try, catch, finally, throw and throws, user-defined exceptions, multithreading, thread life cycle, Thread class and Runnable interface, thread priorities, synchronisation and inter-thread communication, byte and character streams, file handling and serialisation.",
        },
        {
          title: "UNIT - IV",
          desc: "Collections, GUI and database connectivity: generics, collections framework (List, Set, Map, Queue, Iterator), ArrayList, LinkedList, HashSet, HashMap and TreeMap, AWT and Swing components, layout managers, event delegation model and event handling, introduction to JDBC and database connectivity.",
        },
      ],
    },
    {
      name: "Discrete Mathematics",
      units: [
        {
          title: "UNIT - I",
          desc: "Sets, relations and functions: sets and set operations, Venn diagrams, principle of inclusion and exclusion, relations and their properties, equivalence relations and partitions, partial orders, Hasse diagrams, lattices, functions (injective, surjective, bijective), composition and inverse, mathematical induction, pigeonhole principle.",
        },
        {
          title: "UNIT - II",
          desc: "Logic and proofs: propositions and logical connectives, truth tables, tautologies and contradictions, logical equivalences, normal forms (CNF, DNF), predicates and quantifiers, rules of inference, methods of proof (direct, contrapositive, contradiction, cases).",
        },
        {
          title: "UNIT - III",
          desc: "Combinatorics and algebraic structures: permutations and combinations, recurrence relations and their solution, generating functions; semigroups and monoids, groups, subgroups, cyclic groups, cosets and Lagrange's theorem, normal subgroups, homomorphism and isomorphism, rings and fields.",
        },
        {
          title: "UNIT - IV",
          desc: "Graph theory: graphs and their types, degree, paths and connectivity, isomorphism, Euler and Hamiltonian paths and circuits, planar graphs and Euler's formula, graph colouring and chromatic number, trees and their properties, spanning trees, rooted and binary trees, Boolean algebra.",
        },
      ],
    },
  ],
};
