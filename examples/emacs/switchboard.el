;;; switchboard.el --- Drive Switchboard view models from Emacs  -*- lexical-binding: t; -*-

;; Version: 0.1
;; Package-Requires: ((emacs "27.1"))
;; Keywords: tools, processes

;;; Commentary:

;; A client for `switchboard', the daemon that serves Kickstarter-style view models over
;; JSON-RPC 2.0 (the protocol is specified in protocol.md, in the daemon's repository).
;; It uses only the built-in `jsonrpc' library: the daemon runs with `--framing lsp', the
;; Content-Length framing `jsonrpc' speaks.  Every `output' notification is shown in the
;; *switchboard* buffer as it arrives, including the ones that come later (a simulated
;; service answering after its latency).
;;
;; Setup (init.el):
;;
;;   (add-to-list 'load-path "~/src/switchboard/examples/emacs")
;;   (require 'switchboard)
;;   (setq switchboard-program "~/src/switchboard/.build/release/switchboard")
;;
;; The last line is only needed when the binary is neither $SWITCHBOARD nor on PATH.
;;
;; Commands:
;;
;;   M-x switchboard-signup   start the daemon and open the signup screen; then, in the
;;                            *switchboard* buffer, n types the name, e the email, p the
;;                            password, and s presses submit
;;   M-x switchboard-create   create any view model (register, checkout, ...), with options
;;   M-x switchboard-input    apply an input of a live instance; its parameters are prompted
;;                            for from the daemon's own description (`describe')
;;   M-x switchboard-advance  move the virtual clock (with "--clock virtual" in
;;                            `switchboard-program-args')
;;   M-x switchboard-stop     shut the daemon down
;;
;; From Lisp: `switchboard-call' sends a request and returns its result,
;; `switchboard-output-functions' sees every output, `switchboard-value' is an output's last
;; value, and `switchboard-services' answers the service calls the daemon delegates.

;;; Code:

(require 'cl-lib)
(require 'jsonrpc)
(require 'subr-x)

(defgroup switchboard nil
  "Drive Switchboard view models over JSON-RPC."
  :group 'tools
  :prefix "switchboard-")

(defcustom switchboard-program nil
  "The switchboard binary.
nil means $SWITCHBOARD when it is set, else `switchboard' on the variable
`exec-path'."
  :type '(choice (const :tag "$SWITCHBOARD, else switchboard on PATH" nil)
                 (file :tag "Binary")))

(defcustom switchboard-program-args nil
  "Extra options for `switchboard serve', such as (\"--clock\" \"virtual\").
`--framing lsp' is always passed: it is the framing `jsonrpc' speaks."
  :type '(repeat string))

(defcustom switchboard-request-timeout 10
  "Seconds `switchboard-call' waits for a response."
  :type 'number)

(defcustom switchboard-signup-instance "signup"
  "The instance id the signup commands drive."
  :type 'string)

(defvar switchboard-output-functions nil
  "Abnormal hook run with each output notification's parameters.
Each function gets one argument, the plist (:vm ID :output NAME :value V :seq N
:cause C).  In values, JSON null is nil, false is `:json-false', an object is a
plist and an array a vector.")

(defvar switchboard-services nil
  "Alist of (METHOD . FUNCTION) answering the service calls the daemon delegates.
With \"service\": \"client\" in `create's options, the daemon asks the client to
play the view model's service, with a request such as
\"registerService/register\".  FUNCTION gets the request's params (a plist) and
returns the result, or calls `jsonrpc-error' to answer with an error.  A call
with no entry is answered with an error, which the view model sees as the
service failing.")

(define-error 'switchboard-error "Switchboard")

(defvar switchboard-exit-status nil
  "The exit status of the last daemon, once it has exited.")

(defvar switchboard--connection nil
  "The running daemon's `jsonrpc-process-connection', or nil.")

(defvar switchboard--values (make-hash-table :test #'equal)
  "The last value of each output: (VM . OUTPUT) -> value.")

(defvar switchboard--types nil
  "The daemon's view-model types (from `describe'), once asked for.")

;;; The *switchboard* buffer

(defvar switchboard-mode-map
  (let ((map (make-sparse-keymap)))
    (define-key map "n" #'switchboard-signup-name)
    (define-key map "e" #'switchboard-signup-email)
    (define-key map "p" #'switchboard-signup-password)
    (define-key map "s" #'switchboard-signup-submit)
    (define-key map "c" #'switchboard-create)
    (define-key map "i" #'switchboard-input)
    (define-key map "a" #'switchboard-advance)
    (define-key map "x" #'switchboard-stop)
    map)
  "Keys of the *switchboard* buffer.")

(define-derived-mode switchboard-mode special-mode "Switchboard"
  "The daemon's outputs, one line each, as they arrive.
A line reads `#SEQ INSTANCE.OUTPUT = VALUE  (CAUSE)', VALUE in JSON.

\\{switchboard-mode-map}")

(defun switchboard--buffer ()
  "The *switchboard* buffer, created if needed."
  (or (get-buffer "*switchboard*")
      (with-current-buffer (get-buffer-create "*switchboard*")
        (switchboard-mode)
        (current-buffer))))

(defun switchboard--log (format-string &rest args)
  "Append a line, FORMAT-STRING applied to ARGS, to the *switchboard* buffer.
Windows showing the end of the buffer keep showing it."
  (let ((line (apply #'format format-string args)))
    (with-current-buffer (switchboard--buffer)
      (let* ((inhibit-read-only t)
             (end (point-max))
             (followers (cl-remove-if-not (lambda (w) (= (window-point w) end))
                                          (get-buffer-window-list nil nil t)))
             (follow (= (point) end)))
        (save-excursion
          (goto-char end)
          (insert line "\n"))
        (when follow (goto-char (point-max)))
        (dolist (window followers)
          (set-window-point window (point-max)))))))

(defun switchboard--json (value)
  "VALUE (as `jsonrpc' decodes it) as compact JSON text."
  ;; Wrapped in an array: Emacs 27 serializes only arrays and objects.
  (substring (json-serialize (vector value) :null-object nil :false-object :json-false)
             1 -1))

(defun switchboard--parse-json (text)
  "The value of the JSON TEXT, decoded as `jsonrpc' decodes messages."
  (aref (json-parse-string (concat "[" text "]") :object-type 'plist
                           :null-object nil :false-object :json-false)
        0))

(defun switchboard--cause (cause)
  "A short description of an output's CAUSE."
  (pcase (plist-get cause :kind)
    ("request" (format "%s #%s" (plist-get cause :method) (plist-get cause :id)))
    ("reply" (format "reply to %s" (plist-get cause :call)))
    (kind kind)))

;;; The connection

(defun switchboard--on-notification (_connection method params)
  "Handle the notification METHOD with PARAMS: show an output, run the hook."
  (when (eq method 'output)
    (condition-case err
        (cl-destructuring-bind (&key vm output value seq cause &allow-other-keys) params
          (puthash (cons vm output) value switchboard--values)
          (switchboard--log "#%s %s.%s = %s   (%s)" seq vm output
                            (switchboard--json value) (switchboard--cause cause))
          (run-hook-with-args 'switchboard-output-functions params))
      ;; An error must not leave later messages of the same chunk unread.
      (error (switchboard--log "-- error handling an output: %s"
                               (error-message-string err))))))

(defun switchboard--on-request (_connection method params)
  "Answer the service call METHOD with PARAMS from `switchboard-services'."
  (let* ((name (symbol-name method))
         (service (cdr (assoc name switchboard-services))))
    (switchboard--log "-- the daemon calls %s %s" name (switchboard--json params))
    (if service
        (funcall service params)
      (jsonrpc-error :code -32601 :message (format "Emacs serves no %s" name)))))

(defun switchboard--program ()
  "The binary to run: `switchboard-program', $SWITCHBOARD or `switchboard'."
  (let ((program (or switchboard-program
                     (let ((env (getenv "SWITCHBOARD")))
                       (and env (not (string-empty-p env)) env))
                     "switchboard")))
    ;; A path (not a bare name looked up on PATH) may be relative or start with ~.
    (if (string-match-p "/" program) (expand-file-name program) program)))

(defun switchboard-running-p ()
  "Return non-nil if the daemon is running."
  (and switchboard--connection (jsonrpc-running-p switchboard--connection)))

(defun switchboard-start ()
  "Start the daemon unless it is running; return its connection.
Interactively, also show the *switchboard* buffer."
  (interactive)
  (unless (switchboard-running-p)
    (let ((command `(,(switchboard--program) "serve" "--framing" "lsp"
                     ,@switchboard-program-args))
          process)
      (clrhash switchboard--values)
      (setq switchboard--types nil
            switchboard-exit-status nil)
      (unless (if (file-name-absolute-p (car command))
                  (file-executable-p (car command))
                (executable-find (car command)))
        (user-error "Cannot run %s: set `switchboard-program' or $SWITCHBOARD"
                    (car command)))
      (setq switchboard--connection
            (make-instance
             'jsonrpc-process-connection
             :name "switchboard"
             :process (lambda ()
                        ;; `jsonrpc' expects stderr in this buffer (see its source).
                        (setq process
                              (make-process
                               :name "switchboard" :command command
                               :connection-type 'pipe :coding 'utf-8-emacs-unix
                               :noquery t
                               :stderr (get-buffer-create "*switchboard stderr*"))))
             :notification-dispatcher #'switchboard--on-notification
             :request-dispatcher #'switchboard--on-request
             :on-shutdown (lambda (connection)
                            (setq switchboard-exit-status (process-exit-status process))
                            (switchboard--log "-- switchboard exited with status %s"
                                              switchboard-exit-status)
                            (when (eq switchboard--connection connection)
                              (setq switchboard--connection nil)))))
      (switchboard--log "-- started %s" (mapconcat #'shell-quote-argument command " "))))
  (when (called-interactively-p 'interactive)
    (pop-to-buffer (switchboard--buffer)))
  switchboard--connection)

(defun switchboard-call (method &optional params)
  "Send the request METHOD with PARAMS, wait for the response, return its result.
METHOD is a string: a host method (\"create\", \"list\", \"describe\", ...) or
\"INSTANCE.INPUT\".  PARAMS is a vector (by position), a plist (by name) or nil.
Starts the daemon if needed.  The outputs the request caused have been handled
when this returns; outputs that come later arrive while Emacs waits for input
\(or in `accept-process-output').  An error response signals `switchboard-error'
with data (MESSAGE CODE DATA)."
  (let ((connection (switchboard-start))
        reply)
    ;; Not `jsonrpc-request': it throws out of the process filter when the response
    ;; arrives, and messages that came in the same chunk after it (an output of a timer)
    ;; would wait in the process buffer until more output arrives.
    (jsonrpc-async-request
     connection (intern method) (or params [])
     :success-fn (lambda (result) (setq reply (list :result result)))
     :error-fn (lambda (error) (setq reply (list :error error)))
     :timeout-fn (lambda ()
                   (setq reply (list :error (list :code -1 :message
                                                  (format "%s: no response within %s s"
                                                          method
                                                          switchboard-request-timeout)))))
     :timeout switchboard-request-timeout)
    (while (not reply)
      (accept-process-output nil 0.05))
    (pcase reply
      (`(:result ,result) result)
      (`(:error ,error)
       (signal 'switchboard-error (list (plist-get error :message)
                                        (plist-get error :code)
                                        (plist-get error :data)))))))

(defun switchboard-value (vm output &optional default)
  "The last value OUTPUT of instance VM sent, or DEFAULT if it sent none."
  (gethash (cons vm output) switchboard--values default))

(defun switchboard-stop ()
  "Shut the daemon down: it answers `shutdown', flushes its outputs and exits 0."
  (interactive)
  (when (switchboard-running-p)
    (let ((connection switchboard--connection))
      (ignore-errors (switchboard-call "shutdown"))
      (with-timeout (5 (jsonrpc-shutdown connection))
        (while (eq switchboard--connection connection)
          (accept-process-output nil 0.05))))))

;;; Any view model, described by the daemon

(defun switchboard--types ()
  "The daemon's view-model types: plists with :name, :inputs, :outputs, :options."
  (or switchboard--types
      (setq switchboard--types
            (append (plist-get (switchboard-call "describe") :types) nil))))

(defun switchboard--find (name plists)
  "The plist in PLISTS whose :name is NAME."
  (cl-find name plists :key (lambda (plist) (plist-get plist :name)) :test #'equal))

(defun switchboard--read-param (param)
  "Read a value for the input parameter PARAM (a plist from `describe')."
  (let ((name (plist-get param :name))
        (type (plist-get param :type)))
    (cond ((not (string-prefix-p "string" type))
           (let ((text (read-string (format "%s (%s, as JSON): " name type))))
             (unless (and (string-empty-p text) (eq (plist-get param :optional) t))
               (switchboard--parse-json text))))
          ((string-match-p "password" name) (read-passwd (format "%s: " name)))
          (t (read-string (format "%s: " name))))))

(defun switchboard-create (type &optional id options)
  "Create a view model of TYPE and return its instance id.
ID is the instance id (nil lets the daemon choose), OPTIONS a plist of `create'
options such as (:latencyMs 50).  Outputs sent on creation are shown at once."
  (interactive
   (let* ((type (completing-read "Type: " (mapcar (lambda (ty) (plist-get ty :name))
                                                  (switchboard--types))
                                 nil t))
          (id (read-string (format "Instance id (empty: the daemon chooses): ")))
          (options (read-string "Options, as a JSON object (empty: none): ")))
     (list type
           (unless (string-empty-p id) id)
           (unless (string-empty-p options) (switchboard--parse-json options)))))
  (let ((created (switchboard-call "create" `(:type ,type
                                               ,@(and id `(:id ,id))
                                               ,@(and options `(:options ,options))))))
    (when (called-interactively-p 'interactive)
      (message "Created %s" (plist-get created :id)))
    (plist-get created :id)))

(defun switchboard-input (instance input &optional params)
  "Apply INPUT of the view-model INSTANCE with PARAMS (a vector or plist).
Interactively, choose a live instance and one of its inputs, then give each
parameter; the daemon's `describe' says which there are."
  (interactive
   (let* ((instances (append (switchboard-call "list") nil))
          (instance (if instances
                        (completing-read "Instance: "
                                         (mapcar (lambda (i) (plist-get i :id)) instances)
                                         nil t)
                      (user-error "No live instance: create one with `switchboard-create'")))
          (type (plist-get (cl-find instance instances
                                    :key (lambda (i) (plist-get i :id)) :test #'equal)
                           :type))
          (inputs (append (plist-get (switchboard--find type (switchboard--types)) :inputs)
                          nil))
          (input (completing-read (format "Input of %s: " instance)
                                  (mapcar (lambda (i) (plist-get i :name)) inputs) nil t)))
     (list instance input
           (vconcat (mapcar #'switchboard--read-param
                            (plist-get (switchboard--find input inputs) :params))))))
  (switchboard-call (concat instance "." input) params)
  nil)

(defun switchboard-advance (ms)
  "Move the virtual clock forward by MS milliseconds; return the new time.
Needs \"--clock virtual\" in `switchboard-program-args'."
  (interactive "nAdvance the virtual clock by (ms): ")
  (plist-get (switchboard-call "advance" `(:ms ,ms)) :now))

;;; The signup screen

(defun switchboard--signup (input &rest params)
  "Apply the signup INPUT with PARAMS."
  (switchboard-input switchboard-signup-instance input (vconcat params)))

(defun switchboard-signup ()
  "Start the daemon, load the signup screen and show the *switchboard* buffer.
There, \\<switchboard-mode-map>\\[switchboard-signup-name] types the name, \\[switchboard-signup-email] the email,
\\[switchboard-signup-password] the password, and \\[switchboard-signup-submit] presses submit."
  (interactive)
  (switchboard--signup "viewDidLoad")
  (pop-to-buffer (switchboard--buffer)))

(defun switchboard-signup-name (name)
  "Type NAME into the signup form."
  (interactive (list (read-string "Name: ")))
  (switchboard--signup "nameChanged" name))

(defun switchboard-signup-email (email)
  "Type EMAIL into the signup form."
  (interactive (list (read-string "Email: ")))
  (switchboard--signup "emailChanged" email))

(defun switchboard-signup-password (password)
  "Type PASSWORD into the signup form."
  (interactive (list (read-passwd "Password: ")))
  (switchboard--signup "passwordChanged" password))

(defun switchboard-signup-submit ()
  "Press the signup form's submit button."
  (interactive)
  (switchboard--signup "submitButtonPressed"))

(provide 'switchboard)
;;; switchboard.el ends here
