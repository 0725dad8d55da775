#!/usr/bin/env bash
# Starts vLLM's OpenAI-compatible server for FunctionGemma the way Remora expects it (see README.md):
# the functiongemma tool parser with auto tool choice, the model's own chat template unless told
# otherwise, one LoRA adapter per agent, prefix caching, and a concurrency cap.
#
#   server/start-vllm.sh [options] [-- extra arguments for vllm serve]
#   server/start-vllm.sh --dry-run --lora lint=/adapters/lint   # print the command, run nothing
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: start-vllm.sh [options] [-- extra arguments for vllm serve]

  --model NAME             model to serve (default: google/functiongemma-270m-it)
  --served-model-name NAME name clients send as "model" (default: the model name)
  --host HOST              address to listen on (default: 0.0.0.0)
  --port N                 port (default: 8000)
  --example-template       use vLLM's example chat template instead of the model's own
                           ($VLLM_EXAMPLE_TEMPLATE, default
                           /vllm-workspace/examples/tool_chat_template_functiongemma.jinja);
                           it does NOT render FunctionGemma's native format: for comparisons only
  --chat-template PATH     use this chat template instead of the model's own
  --lora NAME=PATH         serve a LoRA adapter as NAME (repeatable: one per agent)
  --max-loras N            adapters in one batch (default: the number of --lora adapters)
  --max-lora-rank N        highest adapter rank (default: 16)
  --runtime-lora           allow loading adapters at run time (POST /v1/load_lora_adapter)
  --max-num-seqs N         requests decoded at once: the concurrency (default: 64)
  --max-model-len N        context length in tokens (default: 32768)
  --gpu-memory-utilization F  share of GPU memory vLLM may take (vLLM's default when not given)
  --no-prefix-caching      turn prefix caching off (it is on by default)
  --vllm COMMAND           the vllm executable (default: vllm)
  --dry-run                print the command and exit
  -h, --help               this text
EOF
}

fail() {
  printf 'start-vllm.sh: %s\n' "$1" >&2
  printf 'Run start-vllm.sh --help for the options.\n' >&2
  exit 2
}

need_value() {
  [[ $# -ge 2 && -n "$2" ]] || fail "$1 needs a value"
}

positive_integer() {
  [[ "$2" =~ ^[1-9][0-9]*$ ]] || fail "$1 must be a whole number of at least 1, not \"$2\""
}

model="google/functiongemma-270m-it"
served_model_name=""
host="0.0.0.0"
port="8000"
chat_template=""
example_template=0
loras=()
max_loras=""
max_lora_rank=""
runtime_lora=0
max_num_seqs="64"
max_model_len="32768"
gpu_memory_utilization=""
prefix_caching=1
vllm="vllm"
dry_run=0
extra=()

while [[ $# -gt 0 ]]; do
  case "$1" in
    --model) need_value "$@"; model="$2"; shift 2 ;;
    --served-model-name) need_value "$@"; served_model_name="$2"; shift 2 ;;
    --host) need_value "$@"; host="$2"; shift 2 ;;
    --port) need_value "$@"; positive_integer "$1" "$2"; port="$2"; shift 2 ;;
    --example-template) example_template=1; shift ;;
    --chat-template) need_value "$@"; chat_template="$2"; shift 2 ;;
    --lora)
      need_value "$@"
      [[ "$2" =~ ^[A-Za-z0-9_.-]+=.+$ ]] || fail "--lora must be NAME=PATH (NAME of letters, digits, '_', '.', '-'), not \"$2\""
      loras+=("$2")
      shift 2
      ;;
    --max-loras) need_value "$@"; positive_integer "$1" "$2"; max_loras="$2"; shift 2 ;;
    --max-lora-rank) need_value "$@"; positive_integer "$1" "$2"; max_lora_rank="$2"; shift 2 ;;
    --runtime-lora) runtime_lora=1; shift ;;
    --max-num-seqs) need_value "$@"; positive_integer "$1" "$2"; max_num_seqs="$2"; shift 2 ;;
    --max-model-len) need_value "$@"; positive_integer "$1" "$2"; max_model_len="$2"; shift 2 ;;
    --gpu-memory-utilization)
      need_value "$@"
      [[ "$2" =~ ^(0?\.[0-9]+|1(\.0+)?)$ ]] || fail "--gpu-memory-utilization must be a number above 0 and at most 1, not \"$2\""
      gpu_memory_utilization="$2"
      shift 2
      ;;
    --no-prefix-caching) prefix_caching=0; shift ;;
    --vllm) need_value "$@"; vllm="$2"; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    -h | --help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    *) fail "unknown option \"$1\"" ;;
  esac
done

if [[ $example_template -eq 1 && -n "$chat_template" ]]; then
  fail "give either --example-template or --chat-template, not both"
fi
if [[ $example_template -eq 1 ]]; then
  chat_template="${VLLM_EXAMPLE_TEMPLATE:-/vllm-workspace/examples/tool_chat_template_functiongemma.jinja}"
fi
if [[ ${#loras[@]} -eq 0 && $runtime_lora -eq 0 && ( -n "$max_loras" || -n "$max_lora_rank" ) ]]; then
  fail "--max-loras and --max-lora-rank need --lora or --runtime-lora"
fi

command=("$vllm" serve "$model" --host "$host" --port "$port")
[[ -n "$served_model_name" ]] && command+=(--served-model-name "$served_model_name")
# Tool calls: vLLM's FunctionGemma parser, and the model decides when to call (tool_choice "auto").
command+=(--enable-auto-tool-choice --tool-call-parser functiongemma)
# No --chat-template by default: the model's own template renders the native format.
[[ -n "$chat_template" ]] && command+=(--chat-template "$chat_template")
if [[ ${#loras[@]} -gt 0 || $runtime_lora -eq 1 ]]; then
  command+=(--enable-lora)
  [[ ${#loras[@]} -gt 0 ]] && command+=(--lora-modules "${loras[@]}")
  lora_count=${#loras[@]}
  [[ $lora_count -lt 1 ]] && lora_count=1
  command+=(--max-loras "${max_loras:-$lora_count}" --max-lora-rank "${max_lora_rank:-16}")
fi
if [[ $prefix_caching -eq 1 ]]; then
  command+=(--enable-prefix-caching)
else
  command+=(--no-enable-prefix-caching)
fi
command+=(--max-num-seqs "$max_num_seqs" --max-model-len "$max_model_len")
[[ -n "$gpu_memory_utilization" ]] && command+=(--gpu-memory-utilization "$gpu_memory_utilization")
command+=("${extra[@]}")

environment=()
[[ $runtime_lora -eq 1 ]] && environment+=(VLLM_ALLOW_RUNTIME_LORA_UPDATING=True)

# Quotes a word only when the shell would need it, so that the printed command reads plainly.
quote() {
  if [[ "$1" =~ ^[A-Za-z0-9_./:=,@%+-]+$ ]]; then
    printf '%s' "$1"
  else
    printf "'%s'" "${1//\'/\'\\\'\'}"
  fi
}

if [[ $dry_run -eq 1 ]]; then
  line=""
  for word in "${environment[@]}" "${command[@]}"; do
    line+="$(quote "$word") "
  done
  printf '%s\n' "${line% }"
  exit 0
fi

if [[ -n "$chat_template" && ! -f "$chat_template" ]]; then
  fail "no chat template at $chat_template (set VLLM_EXAMPLE_TEMPLATE, or copy examples/tool_chat_template_functiongemma.jinja from vLLM's repository)"
fi
for spec in "${loras[@]}"; do
  adapter_path="${spec#*=}"
  # A Hugging Face repository id is fine too; only a path that looks local must exist.
  if [[ "$adapter_path" == /* || "$adapter_path" == .* ]] && [[ ! -e "$adapter_path" ]]; then
    fail "the LoRA adapter ${spec%%=*} is not at $adapter_path"
  fi
done
command -v "$vllm" >/dev/null 2>&1 || fail "cannot find \"$vllm\"; install vLLM (pip install vllm) or use the container (server/Dockerfile)"

if [[ ${#environment[@]} -gt 0 ]]; then
  exec env "${environment[@]}" "${command[@]}"
fi
exec "${command[@]}"
