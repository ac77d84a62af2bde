import type { StudyRequest } from "#common/studyswap.ts";

// Only /become-writer shows the samples (when its board cannot be read), so only its bundle carries them.

/** The specification's three built-in sample requests, shown when the board cannot be read. */
export const SAMPLE_REQUESTS: Omit<StudyRequest, "createdAt">[] = [
  {
    _id: "sample-ml-paper",
    title: "Machine Learning Research Paper",
    subject: "Computer Science",
    deadline: "7 days",
    budget: "$150",
    budgetValue: 150,
    pages: 10,
    requirements:
      "A research paper comparing supervised learning algorithms on a public data set, with at least eight academic references in IEEE style.",
    contact: "sample@example.com",
    verifiedBadge: null,
    attachment: null,
  },
  {
    _id: "sample-marketing-case",
    title: "Marketing Case Study Analysis",
    subject: "Business Management",
    deadline: "5 days",
    budget: "₹2,000",
    budgetValue: 2000,
    pages: 6,
    requirements:
      "Analyse a well-known brand's digital marketing strategy using the 4P framework and suggest three improvements.",
    contact: "+91 90000 00000",
    verifiedBadge: null,
    attachment: null,
  },
  {
    _id: "sample-climate-review",
    title: "Climate Change Literature Review",
    subject: "Environmental Science",
    deadline: "10 days",
    budget: "₹3,500",
    budgetValue: 3500,
    pages: 15,
    requirements:
      "A literature review of recent research on climate change adaptation in South Asian cities, with a summary table of findings.",
    contact: "sample@example.com",
    verifiedBadge: null,
    attachment: null,
  },
];
