;;; switchboard-test.el --- Tests of examples/emacs/switchboard.el against the daemon  -*- lexical-binding: t; -*-

;;; Commentary:

;; Runs the Emacs client against a real daemon (the binary in $SWITCHBOARD, else the
;; repository's debug build), headless:
;;
;;   SWITCHBOARD=.build/debug/switchboard emacs --batch -Q -L examples/emacs \
;;     -l Tests/editors/switchboard-test.el -f switchboard-test-run
;;
;; The commands are run as a user runs them, through `call-interactively' and the keys of
;; the *switchboard* buffer; only the minibuffer prompts are answered by the test.  The last
;; line printed is "N passed, M failed"; the exit status is 0 only if every test passed.

;;; Code:

(require 'ert)
(require 'cl-lib)
(require 'switchboard)

(defconst switchboard-test--root
  (expand-file-name "../.." (file-name-directory (or load-file-name buffer-file-name)))
  "The repository's root.")

(unless (and (getenv "SWITCHBOARD") (not (string-empty-p (getenv "SWITCHBOARD"))))
  (setq switchboard-program (expand-file-name ".build/debug/switchboard"
                                              switchboard-test--root)))

(defvar switchboard-test--outputs nil
  "The outputs received in the current test, newest first: (PARAMS . TIME).")

(defmacro switchboard-test--with-daemon (&rest body)
  "Run BODY with a fresh daemon, recording every output; stop the daemon after."
  (declare (indent 0) (debug t))
  `(progn
     (switchboard-stop)
     (when (get-buffer "*switchboard*") (kill-buffer "*switchboard*"))
     (setq switchboard-test--outputs nil)
     (let ((switchboard-output-functions
            (list (lambda (params)
                    (push (cons params (float-time)) switchboard-test--outputs)))))
       (unwind-protect (progn ,@body)
         (switchboard-stop)))))

(defmacro switchboard-test--answering (answers &rest body)
  "Run BODY, answering its minibuffer prompts with ANSWERS, in order."
  (declare (indent 1) (debug t))
  `(let ((queue (copy-sequence ,answers)))
     (cl-flet ((answer (prompt &rest _)
                 (unless queue (error "Unexpected prompt: %s" prompt))
                 (pop queue)))
       (cl-letf (((symbol-function 'read-string) #'answer)
                 ((symbol-function 'read-passwd) #'answer)
                 ((symbol-function 'completing-read) #'answer))
         ,@body))
     (should (null queue))))

(defun switchboard-test--outputs ()
  "The outputs received so far, oldest first, as (VM OUTPUT VALUE)."
  (mapcar (lambda (entry)
            (let ((params (car entry)))
              (list (plist-get params :vm) (plist-get params :output)
                    (plist-get params :value))))
          (reverse switchboard-test--outputs)))

(defun switchboard-test--output (vm output)
  "The first output OUTPUT of VM received, as (PARAMS . TIME), or nil."
  (cl-find-if (lambda (entry)
                (and (equal (plist-get (car entry) :vm) vm)
                     (equal (plist-get (car entry) :output) output)))
              (reverse switchboard-test--outputs)))

(defun switchboard-test--wait-for (predicate &optional seconds)
  "Process the daemon's output until PREDICATE is non-nil or SECONDS (5) pass.
Return PREDICATE's last value."
  (let ((deadline (+ (float-time) (or seconds 5))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (accept-process-output nil 0.01))
    (funcall predicate)))

(defun switchboard-test--press-key (key)
  "Run the command KEY is bound to in the *switchboard* buffer, as a user would."
  (with-current-buffer "*switchboard*"
    (let ((command (key-binding (kbd key))))
      (should (commandp command))
      (call-interactively command))))

(ert-deftest switchboard-test-signup-through-the-keys ()
  "The signup screen, filled and submitted with the buffer's keys."
  (switchboard-test--with-daemon
    (call-interactively #'switchboard-signup)
    (should (switchboard-running-p))
    (should (equal (switchboard-test--outputs)
                   '(("signup" "submitButtonEnabled" :json-false))))
    (switchboard-test--answering '("Lisa" "lisa@rules.com" "password123")
      (switchboard-test--press-key "n")
      (switchboard-test--press-key "e")
      (switchboard-test--press-key "p"))
    (should (equal (switchboard-value "signup" "submitButtonEnabled") t))
    (switchboard-test--press-key "s")
    (should (equal (switchboard-test--outputs)
                   '(("signup" "submitButtonEnabled" :json-false)
                     ("signup" "submitButtonEnabled" t)
                     ("signup" "alertMessage" "Successful"))))
    ;; seq counts 1, 2, 3; each output names the request that caused it.
    (should (equal (mapcar (lambda (e) (plist-get (car e) :seq))
                           (reverse switchboard-test--outputs))
                   '(1 2 3)))
    (should (equal (plist-get (plist-get (car (switchboard-test--output "signup" "alertMessage"))
                                         :cause)
                              :method)
                   "signup.submitButtonPressed"))
    ;; The buffer shows them as they came.
    (with-current-buffer "*switchboard*"
      (should (eq major-mode 'switchboard-mode))
      (let ((text (buffer-string)))
        (should (string-match-p "^#1 signup\\.submitButtonEnabled = false " text))
        (should (string-match-p "^#2 signup\\.submitButtonEnabled = true " text))
        (should (string-match-p
                 "^#3 signup\\.alertMessage = \"Successful\"   (signup\\.submitButtonPressed #[0-9]+)$"
                 text))))))

(ert-deftest switchboard-test-signup-bad-email ()
  "A bad email is refused: \"Unsuccessful\", and the value is kept per output."
  (switchboard-test--with-daemon
    (switchboard-signup)
    (switchboard-signup-name "Lisa")
    (switchboard-signup-email "lisa-at-rules")
    (switchboard-signup-password "password123")
    (switchboard-signup-submit)
    (should (equal (switchboard-value "signup" "alertMessage") "Unsuccessful"))
    (should (eq (switchboard-value "signup" "nothing" 'none) 'none))))

(ert-deftest switchboard-test-register-output-after-a-delay ()
  "On the real clock, `registered' arrives ~50 ms after the press.
The register view model is created with latencyMs 50."
  (switchboard-test--with-daemon
    (switchboard-test--answering '("register" "r" "{\"latencyMs\": 50}")
      (call-interactively #'switchboard-create))
    ;; Outputs with property semantics come with the creation.
    (should (equal (switchboard-test--outputs)
                   '(("r" "registerButtonEnabled" :json-false)
                     ("r" "isRegistering" :json-false))))
    (switchboard-test--answering '("r" "usernameChanged" "mariano@zerously.com")
      (call-interactively #'switchboard-input))
    (switchboard-test--answering '("r" "passwordChanged" "pa55worD")
      (call-interactively #'switchboard-input))
    (should (equal (switchboard-value "r" "registerButtonEnabled") t))
    (let ((sent (float-time)))
      (switchboard-input "r" "registerButtonPressed")
      (let ((returned (float-time)))
        ;; What the press caused at once has arrived when the call returns...
        (should (equal (switchboard-value "r" "isRegistering") t))
        (should (equal (switchboard-value "r" "registerButtonEnabled") :json-false))
        ;; ... the service's answer cannot have: it comes 50 ms later.
        (when (< (- returned sent) 0.04)
          (should-not (switchboard-test--output "r" "registered"))))
      (should (switchboard-test--wait-for
               (lambda () (equal (switchboard-value "r" "isRegistering") :json-false))))
      (let* ((registered (switchboard-test--output "r" "registered"))
             (params (car registered)))
        (should registered)
        (should (equal (plist-get params :value) "token-mariano@zerously.com"))
        (should (equal (plist-get params :cause) '(:kind "timer")))
        (should (>= (- (cdr registered) sent) 0.045))))
    (should (equal (nthcdr 3 (switchboard-test--outputs))
                   '(("r" "errorMessage" nil)
                     ("r" "registerButtonEnabled" :json-false)
                     ("r" "isRegistering" t)
                     ("r" "registered" "token-mariano@zerously.com")
                     ("r" "registerButtonEnabled" t)
                     ("r" "isRegistering" :json-false))))
    (should (equal (mapcar (lambda (e) (plist-get (car e) :seq))
                           (reverse switchboard-test--outputs))
                   (number-sequence 1 9)))
    (with-current-buffer "*switchboard*"
      (should (string-match-p "^#7 r\\.registered = \"token-mariano@zerously\\.com\"   (timer)$"
                              (buffer-string))))))

(ert-deftest switchboard-test-delegated-service ()
  "With service client, Emacs plays the backend through `switchboard-services'."
  (switchboard-test--with-daemon
    (let* ((calls nil)
           (switchboard-services
            `(("registerService/register"
               . ,(lambda (params)
                    (push params calls)
                    (list :token (concat "from-emacs-" (plist-get params :username))))))))
      (switchboard-create "register" "r" '(:service "client"))
      (switchboard-input "r" "usernameChanged" ["mariano@zerously.com"])
      (switchboard-input "r" "passwordChanged" (list :password "pa55worD"))
      (switchboard-input "r" "registerButtonPressed")
      (should (switchboard-test--wait-for (lambda () (switchboard-value "r" "registered"))))
      (should (equal (switchboard-value "r" "registered") "from-emacs-mariano@zerously.com"))
      (should (equal calls '((:vm "r" :username "mariano@zerously.com" :password "pa55worD"))))
      (should (equal (plist-get (plist-get (car (switchboard-test--output "r" "registered"))
                                           :cause)
                                :kind)
                     "reply")))
    ;; A call nobody serves is answered with an error: the service failed.
    (switchboard-create "register" "r2" '(:service "client"))
    (switchboard-input "r2" "usernameChanged" ["mariano@zerously.com"])
    (switchboard-input "r2" "passwordChanged" ["pa55worD"])
    (switchboard-input "r2" "registerButtonPressed")
    (should (switchboard-test--wait-for
             (lambda () (switchboard-value "r2" "errorMessage"))))
    (should (equal (switchboard-value "r2" "errorMessage")
                   "Emacs serves no registerService/register"))
    (should-not (switchboard-value "r2" "registered"))))

(ert-deftest switchboard-test-virtual-clock ()
  "With --clock virtual, the service answers exactly when `switchboard-advance' passes 300 ms."
  (let ((switchboard-program-args '("--clock" "virtual")))
    (switchboard-test--with-daemon
      (switchboard-create "register" "r")
      (switchboard-input "r" "usernameChanged" ["mariano@zerously.com"])
      (switchboard-input "r" "passwordChanged" ["pa55worD"])
      (switchboard-input "r" "registerButtonPressed")
      (should (equal (switchboard-advance 299) 299))
      (accept-process-output nil 0.1)
      (should-not (switchboard-value "r" "registered"))
      (should (equal (switchboard-advance 1) 300))
      ;; Outputs that advancing caused come before its response.
      (should (equal (switchboard-value "r" "registered") "token-mariano@zerously.com")))))

(ert-deftest switchboard-test-errors ()
  "Error responses signal `switchboard-error'; the daemon carries on."
  (switchboard-test--with-daemon
    (let ((err (should-error (switchboard-call "signup.nameChange" ["Lisa"])
                             :type 'switchboard-error)))
      (should (equal (nth 2 err) -32601))
      (should (equal (plist-get (nth 3 err) :suggestion) "nameChanged")))
    (let ((err (should-error (switchboard-signup-name 42) :type 'switchboard-error)))
      (should (equal (nth 2 err) -32602))
      (should (string-match-p "expects string or null, got integer" (nth 1 err))))
    (should-error (switchboard-advance 10) :type 'switchboard-error) ; needs --clock virtual
    (switchboard-signup)
    (should (equal (switchboard-test--outputs)
                   '(("signup" "submitButtonEnabled" :json-false))))))

(ert-deftest switchboard-test-stop-and-restart ()
  "`switchboard-stop' ends the daemon with status 0; the next call starts a fresh one."
  (switchboard-test--with-daemon
    (switchboard-signup)
    (switchboard-stop)
    (should-not (switchboard-running-p))
    (should (equal switchboard-exit-status 0))
    (with-current-buffer "*switchboard*"
      (should (string-match-p "^-- switchboard exited with status 0$" (buffer-string))))
    (switchboard-signup)
    (should (switchboard-running-p))
    (should (equal (plist-get (car (car switchboard-test--outputs)) :seq) 1))))

(ert-deftest switchboard-test-missing-binary ()
  "A binary that is not there is a clear error."
  (switchboard-stop)
  (let ((switchboard-program "/nonexistent/switchboard"))
    (should-error (switchboard-start) :type 'user-error)
    (should-not (switchboard-running-p))))

(defun switchboard-test-run ()
  "Run the tests in batch and exit: 0 if all passed, else 1.
The last line printed is \"emacs: N passed, M failed\"."
  (message "switchboard: %s (Emacs %s)" (switchboard--program) emacs-version)
  (let* ((stats (ert-run-tests-batch "^switchboard-test-"))
         (passed (ert-stats-completed-expected stats))
         (failed (- (ert-stats-total stats) passed)))
    (switchboard-stop)
    (message "emacs: %d passed, %d failed" passed failed)
    (kill-emacs (if (and (zerop failed) (> passed 0)) 0 1))))

(provide 'switchboard-test)
;;; switchboard-test.el ends here
