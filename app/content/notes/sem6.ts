import type { Semester } from "#app/content/notes/types.ts";

export const semester6: Semester = {
  id: 6,
  ordinal: "6th",
  initialSubject: "Advanced Java Programming",
  studyTips: false,
  goBackToSyllabus: false,
  subjects: [
    {
      name: "Advanced Java Programming",
      units: [
        {
          title: "UNIT - I",
          desc: "JDBC and collections: review of core Java, generics and the collections framework, JDBC architecture and driver types, DriverManager and DataSource, Connection, Statement, PreparedStatement and CallableStatement, ResultSet and scrollable result sets, metadata, batch updates, transaction management.",
        },
        {
          title: "UNIT - II",
          desc: "Networking and distributed objects: networking basics, InetAddress and URL classes, TCP sockets with Socket and ServerSocket, UDP with DatagramSocket, multithreaded servers, Remote Method Invocation (RMI) architecture, stubs and skeletons, RMI registry, JavaBeans, properties, events and introspection.",
        },
        {
          title: "UNIT - III",
          desc: "Servlets: web application architecture, web containers and deployment descriptor, servlet life cycle, GenericServlet and HttpServlet, handling GET and POST requests, request dispatching and redirection, ServletConfig and ServletContext, session tracking (cookies, hidden fields, URL rewriting, HttpSession), filters and listeners.",
        },
        {
          title: "UNIT - IV",
          desc: "JSP and frameworks: JSP life cycle, scripting elements, directives and actions, implicit objects, expression language and JSTL, custom tags, MVC architecture using servlets and JSP, introduction to Hibernate (ORM, mapping, HQL) and the Spring framework (IoC, dependency injection, Spring MVC, Spring Boot basics).",
        },
      ],
    },
    {
      name: "Artificial Intelligence",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction and problem solving: definitions and history of AI, the Turing test, intelligent agents and environments, agent architectures, problem formulation and state space search, uninformed search strategies (breadth first, depth first, uniform cost, depth limited and iterative deepening search), production systems.",
        },
        {
          title: "UNIT - II",
          desc: "Heuristic and adversarial search: heuristic functions, greedy best first search, A* and AO* algorithms, hill climbing, simulated annealing, local beam search, genetic algorithms, constraint satisfaction problems and backtracking, game playing, minimax algorithm and alpha-beta pruning.",
        },
        {
          title: "UNIT - III",
          desc: "Knowledge representation and reasoning: propositional and first-order predicate logic, unification and resolution, forward and backward chaining, semantic networks, frames, scripts and conceptual dependency, ontologies; reasoning under uncertainty, probability and Bayes' theorem, Bayesian networks, certainty factors and fuzzy logic.",
        },
        {
          title: "UNIT - IV",
          desc: "Planning, learning and applications: classical planning, STRIPS and partial order planning, forms of learning, supervised and unsupervised learning, decision trees, artificial neural networks and the perceptron, introduction to natural language processing, expert systems and their architecture, applications and ethical issues in AI.",
        },
      ],
    },
    {
      name: "Introduction to Digital Signal Processing",
      units: [
        {
          title: "UNIT - I",
          desc: "Discrete-time signals and systems: classification of signals, sampling theorem and aliasing, discrete-time systems and their properties (linearity, time invariance, causality, stability), linear time-invariant systems, impulse response, linear convolution, correlation, linear constant coefficient difference equations.",
        },
        {
          title: "UNIT - II",
          desc: "Z-transform and frequency analysis: the z-transform and region of convergence, properties of the z-transform, inverse z-transform (partial fractions, power series, residues), system function, poles and zeros, causality and stability in the z-domain, discrete-time Fourier transform and frequency response.",
        },
        {
          title: "UNIT - III",
          desc: "Discrete Fourier transform: frequency domain sampling, DFT and IDFT, properties of the DFT, circular convolution, linear filtering using the DFT (overlap-add and overlap-save methods), fast Fourier transform algorithms, radix-2 decimation in time and decimation in frequency FFT, computational savings.",
        },
        {
          title: "UNIT - IV",
          desc: "Digital filter design: FIR and IIR filters, linear phase FIR filters, FIR design by windowing (rectangular, Hanning, Hamming, Blackman, Kaiser) and frequency sampling, IIR design by impulse invariance and bilinear transformation, Butterworth and Chebyshev approximations, filter realisation structures (direct form, cascade, parallel, lattice).",
        },
      ],
    },
    {
      name: "Introduction to Internet of Things",
      units: [
        {
          title: "UNIT - I",
          desc: "IoT concepts: definition, characteristics and evolution of IoT, things in IoT, IoT architecture layers, physical and logical design, IoT enabling technologies, M2M communication, industrial IoT, IoT levels and deployment templates, challenges in IoT.",
        },
        {
          title: "UNIT - II",
          desc: "IoT devices and platforms: sensors, actuators and transducers, sensor characteristics, embedded systems for IoT, Arduino programming and interfacing, Raspberry Pi with Python, GPIO, serial communication (UART, I2C, SPI), building simple IoT prototypes.",
        },
        {
          title: "UNIT - III",
          desc: "IoT networking and protocols: IEEE 802.15.4, ZigBee, Bluetooth Low Energy, Wi-Fi, LoRaWAN, NB-IoT, 6LoWPAN and RPL, messaging protocols (MQTT, CoAP, AMQP), REST and WebSocket based communication, gateways, interoperability in IoT.",
        },
        {
          title: "UNIT - IV",
          desc: "Cloud, analytics and security: IoT cloud services, storage of IoT data, edge and fog computing, data analytics and visualisation dashboards, security requirements and attacks on IoT devices, authentication and encryption for IoT, applications in smart homes, cities, healthcare, agriculture and logistics.",
        },
      ],
    },
    {
      name: "Programming in Python",
      units: [
        {
          title: "UNIT - I",
          desc: "Python basics: features and applications of Python, interpreter and IDLE, variables, keywords and identifiers, data types, operators and expressions, input and output, type conversion, control flow (if, elif, else), loops (for, while), range, break, continue and pass statements.",
        },
        {
          title: "UNIT - II",
          desc: "Data structures and functions: strings and string methods, lists, tuples, sets and dictionaries, slicing, list and dictionary comprehensions, defining functions, positional, keyword and default arguments, *args and **kwargs, lambda functions, map, filter and reduce, recursion, scope, modules and packages.",
        },
        {
          title: "UNIT - III",
          desc: "Object-oriented programming and files: classes and objects, constructors, instance and class variables, inheritance and method overriding, polymorphism, special (dunder) methods, exception handling (try, except, else, finally, raise), user-defined exceptions, file handling, reading and writing text and CSV files, regular expressions.",
        },
        {
          title: "UNIT - IV",
          desc: "Libraries and applications: NumPy arrays and operations, Pandas Series and DataFrames, data cleaning, Matplotlib plotting, database access with sqlite3, GUI programming with Tkinter, introduction to web development with Flask, virtual environments and pip.",
        },
      ],
    },
    {
      name: "Principles of Management for Engineers",
      units: [
        {
          title: "UNIT - I",
          desc: "Introduction to management: nature, scope and functions of management, management as art, science and profession, levels of management and managerial skills, evolution of management thought (Taylor's scientific management, Fayol's principles, Weber's bureaucracy, Hawthorne studies), systems and contingency approaches, social responsibility.",
        },
        {
          title: "UNIT - II",
          desc: "Planning and organising: nature and types of plans, steps in planning, management by objectives, decision making process and techniques, forecasting; organising, formal and informal organisation, organisation structures (line, line and staff, functional, matrix), span of control, delegation, centralisation and decentralisation.",
        },
        {
          title: "UNIT - III",
          desc: "Staffing and directing: human resource planning, recruitment, selection, training and development, performance appraisal; motivation theories (Maslow, Herzberg, McGregor, Vroom), leadership styles and theories, communication in organisations, group dynamics and teamwork.",
        },
        {
          title: "UNIT - IV",
          desc: "Controlling and contemporary issues: the control process, types of control, budgetary and non-budgetary control techniques, PERT and CPM, quality management and TQM, productivity, management information systems, entrepreneurship and start-ups, business ethics and corporate governance.",
        },
      ],
    },
    {
      name: "Software Measurements Metrics and Modelling",
      units: [
        {
          title: "UNIT - I",
          desc: "Measurement fundamentals: need for software measurement, measurement theory, entities, attributes and metrics, measurement scales (nominal, ordinal, interval, ratio, absolute), direct and indirect measures, the Goal-Question-Metric paradigm, empirical investigation, data collection and validation of metrics.",
        },
        {
          title: "UNIT - II",
          desc: "Size and structure metrics: lines of code, function points and feature points, use case points, Halstead's software science, control flow and cyclomatic complexity, information flow metrics (Henry-Kafura), data structure metrics, coupling and cohesion measures, modularity.",
        },
        {
          title: "UNIT - III",
          desc: "Object-oriented, quality and reliability metrics: CK metrics suite (WMC, DIT, NOC, CBO, RFC, LCOM), MOOD metrics, software quality models (McCall, Boehm, ISO/IEC 9126 and 25010), defect density, software reliability measurement and growth models (Jelinski-Moranda, Musa basic execution time).",
        },
        {
          title: "UNIT - IV",
          desc: "Modelling and prediction: effort and cost estimation models (COCOMO II, Putnam SLIM), statistical techniques for metrics data (correlation, regression, hypothesis testing), defect and change proneness prediction using machine learning, model validation and performance measures, metrics tools and case studies.",
        },
      ],
    },
    {
      name: "Software Project Management",
      units: [
        {
          title: "UNIT - I",
          desc: "Project evaluation and planning: characteristics of software projects, stakeholders and objectives, project life cycle, management activities, project portfolio management, cost-benefit analysis and evaluation techniques (payback, ROI, NPV, IRR), risk in project evaluation, step-wise project planning.",
        },
        {
          title: "UNIT - II",
          desc: "Project life cycle and effort estimation: selection of process models, prototyping, incremental delivery, agile methods (Scrum, Extreme Programming, DSDM), effort estimation by analogy, function point analysis and COCOMO II, activity planning, network planning models, critical path method (CPM), PERT, precedence networks.",
        },
        {
          title: "UNIT - III",
          desc: "Risk, resources and monitoring: risk identification, assessment and planning, PERT and Monte Carlo simulation, resource allocation and scheduling, Gantt charts, cost schedules, creating the framework for monitoring and control, progress reporting, earned value analysis, change control and software configuration management.",
        },
        {
          title: "UNIT - IV",
          desc: "People, contracts and quality: managing contracts and the contract life cycle, managing people, organisational behaviour, motivation (Maslow, Herzberg, Oldham-Hackman job characteristics model), team structures and decision making, leadership, software quality standards (ISO 9126, ISO 9001, CMMI), project closure and post-project review.",
        },
      ],
    },
    {
      name: "Statistics Statistical Modelling & Data Analytics",
      units: [
        {
          title: "UNIT - I",
          desc: "Descriptive statistics and probability: types of data, measures of central tendency and dispersion, skewness and kurtosis, probability axioms, conditional probability and Bayes' theorem, random variables, binomial, Poisson, uniform, exponential and normal distributions, sampling distributions and the central limit theorem.",
        },
        {
          title: "UNIT - II",
          desc: "Statistical inference: point and interval estimation, maximum likelihood estimation, confidence intervals, hypothesis testing, type I and type II errors, p-values, z-test, t-test, chi-square test and F-test, one-way and two-way ANOVA, non-parametric tests, correlation analysis.",
        },
        {
          title: "UNIT - III",
          desc: "Statistical modelling: simple and multiple linear regression, least squares estimation, residual analysis and model diagnostics, multicollinearity, variable selection, logistic regression, generalised linear models, time series analysis (trend, seasonality, moving averages, exponential smoothing, ARIMA models).",
        },
        {
          title: "UNIT - IV",
          desc: "Data analytics: the data analytics life cycle, data collection, cleaning and preprocessing, exploratory data analysis and visualisation, dimensionality reduction with PCA, clustering (k-means, hierarchical), classification basics, analytics with R and Python, introduction to big data tools (Hadoop, Spark).",
        },
      ],
    },
    {
      name: "Universal Human Values",
      units: [
        {
          title: "UNIT - I",
          desc: "Value education: purpose and motivation of the course, self-exploration as the process of value education, natural acceptance and experiential validation, basic human aspirations of continuous happiness and prosperity, right understanding, relationship and physical facility, the current scenario and the method to fulfil human aspirations.",
        },
        {
          title: "UNIT - II",
          desc: "Harmony in the human being: understanding the human being as co-existence of the sentient self and the material body, distinguishing the needs of the self and the body, the body as an instrument of the self, understanding the characteristics and activities of the self, harmony of the self with the body, sanyam and health, ensuring prosperity.",
        },
        {
          title: "UNIT - III",
          desc: "Harmony in family and society: harmony in the family as the basic unit of human interaction, values in human-to-human relationships, meaning of trust and respect, difference between respect and differentiation, other salient values, the comprehensive human goal (resolution, prosperity, fearlessness, co-existence), universal harmonious order.",
        },
        {
          title: "UNIT - IV",
          desc: "Harmony in nature and existence, and professional ethics: interconnectedness and mutual fulfilment among the four orders of nature, existence as co-existence, natural acceptance of human values, definitiveness of ethical conduct, humanistic education and constitution, competence in professional ethics, holistic technologies and management models, case studies.",
        },
      ],
    },
    {
      name: "Visual Basic.NET Programming",
      units: [
        {
          title: "UNIT - I",
          desc: "The .NET Framework and VB.NET basics: .NET architecture, Common Language Runtime, Common Type System, Common Language Specification, Framework Class Library, MSIL and JIT compilation, assemblies and namespaces, Visual Studio IDE, data types, variables and constants, operators, decision structures, loops and arrays.",
        },
        {
          title: "UNIT - II",
          desc: "Procedures and object-oriented programming: Sub and Function procedures, ByVal and ByRef arguments, optional arguments, modules, classes and objects, properties, constructors, shared members, inheritance, overloading and overriding, interfaces, namespaces, structured exception handling with Try, Catch and Finally.",
        },
        {
          title: "UNIT - III",
          desc: "Windows Forms programming: forms and their properties, events and event handlers, common controls (Label, TextBox, Button, CheckBox, RadioButton, ListBox, ComboBox, PictureBox, Timer), menus, toolbars and status bars, dialog boxes, MDI applications, input validation, graphics basics.",
        },
        {
          title: "UNIT - IV",
          desc: "Database programming with ADO.NET: ADO.NET architecture, connected and disconnected models, Connection, Command, DataReader, DataAdapter, DataSet and DataTable, data binding, DataGridView, insert, update and delete operations with SQL Server, stored procedures, introduction to reports and application deployment.",
        },
      ],
    },
    {
      name: "Web Technologies",
      units: [
        {
          title: "UNIT - I",
          desc: "Web fundamentals: Internet and World Wide Web, HTTP and HTTPS, request methods and status codes, web servers and browsers, HTML5 elements, forms and semantic markup, CSS3 selectors, box model, Flexbox and Grid, responsive design with media queries, web accessibility.",
        },
        {
          title: "UNIT - II",
          desc: "Client-side scripting: JavaScript language fundamentals, functions, objects and arrays, DOM and event handling, form validation, ES6+ features, asynchronous JavaScript (callbacks, promises, async/await), AJAX and Fetch API, JSON, XML with DTD and XML Schema, introduction to jQuery.",
        },
        {
          title: "UNIT - III",
          desc: "Server-side programming: PHP syntax, variables, arrays and functions, form handling with GET and POST, cookies and sessions, file uploads, PHP with MySQL, Node.js runtime and the Express framework, routing, middleware and templating, building RESTful web services.",
        },
        {
          title: "UNIT - IV",
          desc: "Modern web development: single page applications, component-based UI with React (components, props, state, hooks), client-side routing, authentication with sessions and JWT, web security (XSS, CSRF, SQL injection, CORS), performance optimisation, version control with Git, hosting and deployment of web applications.",
        },
      ],
    },
  ],
};
