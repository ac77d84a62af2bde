// What Campus says about Study Swap: posting, closing and deleting a request, its attachment, and a
// writer's profile. Each sentence written once, for the use-cases (worker/services/studyswap/),
// the API and the screens (decision 0103).
//
// A sentence that a screen shows too is an export of its own: a page's browser bundle then carries
// only the sentences it shows (a table is shipped whole). What only a screen says (the
// specification's banners for a failed post or board) stays in the screen.

/** Checked by the form before it uploads anything, and by the server always. */
export const FILE_TOO_LARGE = "The file is too large. Attach a file of at most 10 MB.";

export const STUDYSWAP_MESSAGES = {
  posted: "Your request has been posted successfully! Helpers can now see it.",
  closed: "Your request is closed. Writers no longer see it.",
  deleted: "Your request is deleted.",
  notFound: "That request does not exist. It may have been deleted.",
  notYours: "Only the student who posted this request can change it.",
  notChanged: "That request could not be changed. Please reload and try again.",
  alreadySent: "This form was already sent. Reload the page and try again.",
  attachmentNotFound: "That request does not exist or is closed.",
  noAttachment: "That request has no attachment.",
  attachmentGone: "The attachment is no longer available.",
  fileEmpty: "The file is empty. Choose another file or post without one.",
  fileType:
    "This file type is not allowed. Attach a PDF, Word, Excel or PowerPoint file, an image (JPEG, PNG, WebP, GIF), a text file or a zip.",
  fileNotAFile: "Send the attachment as a file.",
  oneFile: "Attach one file at most.",
  formUnreadable: "The form data could not be read. Please try again.",
  writerSaved: "Your writer profile is saved.",
  /** The page says where the profile shows. */
  writerSavedListed: "Your writer profile is saved. Students see it on Study Swap.",
  writerRemoved: "Your writer profile is removed.",
} as const;
