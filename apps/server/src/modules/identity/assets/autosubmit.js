// Submits the form named by <body data-autosubmit="form-id"> as soon as the page loads.
// Served as a file because the Content-Security-Policy forbids inline scripts; the page
// keeps a visible submit button for browsers without JavaScript.
(function () {
  'use strict';
  var id = document.body ? document.body.getAttribute('data-autosubmit') : null;
  var form = id ? document.getElementById(id) : null;
  if (form && form.tagName === 'FORM') form.submit();
})();
