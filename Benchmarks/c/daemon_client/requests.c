#include "client.h"

/* The requests each workload sends, in each protocol, and the outputs signup answers with. */

protocol_t protocol = PROTOCOL_JSONRPC;

void choose_protocol(const char *name) {
    if (!name || !*name || strcmp(name, "jsonrpc") == 0) protocol = PROTOCOL_JSONRPC;
    else if (strcmp(name, "mcp") == 0) protocol = PROTOCOL_MCP;
    else if (strcmp(name, "mcp-echo") == 0) protocol = PROTOCOL_MCP_ECHO;
    else die("PROTOCOL must be jsonrpc, mcp or mcp-echo");
}

/* Each input's name and its one argument (label and JSON text), or none. */
static const struct { const char *name, *label, *argument; } inputs[] = {
    [VIEW_DID_LOAD] = {"viewDidLoad", NULL, NULL},
    [NAME_CHANGED] = {"nameChanged", "name", "\"Lisa\""},
    [EMAIL_CHANGED] = {"emailChanged", "email", "\"lisa@rules.com\""},
    [PASSWORD_CHANGED] = {"passwordChanged", "password", "\"password123\""},
    [SUBMIT_PRESSED] = {"submitButtonPressed", NULL, NULL},
};

void append_input(buffer_t *b, uint64_t id, const char *instance, int input) {
    const char *name = inputs[input].name, *label = inputs[input].label, *argument = inputs[input].argument;
    unsigned long long n = (unsigned long long)id;
    switch (protocol) {
    case PROTOCOL_JSONRPC:
        if (argument) appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.%s\",\"params\":[%s]}\n", n, instance, name, argument);
        else appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.%s\"}\n", n, instance, name);
        break;
    case PROTOCOL_MCP:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"tools/call\",\"params\":{\"name\":\"signup.%s\",\"arguments\":{\"instance\":\"%s\"", n, name, instance);
        if (argument) appendf(b, ",\"%s\":%s", label, argument);
        appendf(b, "}}}\n");
        break;
    case PROTOCOL_MCP_ECHO:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":%s}}}\n", n, argument ? argument : "\"\"");
        break;
    }
}

void append_create(buffer_t *b, uint64_t id, const char *instance) { append_create_of(b, id, "signup", instance); }

void append_create_of(buffer_t *b, uint64_t id, const char *type, const char *instance) {
    unsigned long long n = (unsigned long long)id;
    switch (protocol) {
    case PROTOCOL_JSONRPC:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"create\",\"params\":{\"type\":\"%s\",\"id\":\"%s\"}}\n", n, type, instance);
        break;
    case PROTOCOL_MCP:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"tools/call\",\"params\":{\"name\":\"create.%s\",\"arguments\":{\"id\":\"%s\"}}}\n", n, type, instance);
        break;
    case PROTOCOL_MCP_ECHO:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"tools/call\",\"params\":{\"name\":\"echo\",\"arguments\":{\"text\":\"%s\"}}}\n", n, instance);
        break;
    }
}

/* The outputs signup sends for an input, with non-empty name and password and a valid email
 * (so no submit ever fails): submitButtonEnabled on viewDidLoad (false) and, once all three
 * fields have been sent, on every field change (true); alertMessage on a press while enabled. */
int signup_outputs(signup_state *s, int input) {
    switch (input) {
    case VIEW_DID_LOAD:
        s->enabled = 0;
        return 1;
    case NAME_CHANGED:
    case EMAIL_CHANGED:
    case PASSWORD_CHANGED:
        s->seen |= (uint8_t)(1u << (input - NAME_CHANGED));
        if (s->seen != 7) return 0;
        s->enabled = 1;
        return 1;
    case SUBMIT_PRESSED:
        return s->enabled ? 1 : 0;
    }
    return 0;
}
