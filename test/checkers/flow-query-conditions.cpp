// Path sensitivity on queries: a branch on a const query of the standard
// library's (a std::optional's `if (w)` or `w.has_value()`, `v.empty()`)
// of a parameter or a range-for variable (or a field of one; a non-const
// reference one too, changed here only through its name) keeps its two
// paths apart, and the same query later takes the same side until the
// subject changes. `*w` and `w.value()` only read w (an accessor: a
// non-const method with a const twin), so w stays followed. A query of a
// local is not split on: the path's own facts may decide it (a device the
// path chose), and an independent split would pair facts no run pairs.
// RUN: %check_clang_tidy %s torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <optional>
#include <vector>

// ---- Positives ------------------------------------------------------------

void optional_param(std::optional<torch::Tensor> w) {
  torch::Tensor x;
  if (w)
    x = *w;
  else
    x = torch::ones({2, 2}, torch::kDouble);
  torch::mm(x, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-6]]:7: note: assuming 'w' is false
}

struct Batch {
  torch::Tensor data;
  std::optional<torch::Tensor> weights;
};

void range_variable_field(const std::vector<Batch> &stream) {
  for (const Batch &b : stream) {
    torch::Tensor scale = torch::ones({2, 2}, torch::kDouble);
    if (b.weights.has_value())
      scale = b.weights.value();
    torch::mm(scale, torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-4]]:19: note: assuming 'b.weights.has_value()' is false
  }
}

template <typename T>
void template_param(std::optional<T> w) {
  T x = torch::ones({2, 2}, torch::kHalf);
  if (w)
    x = *w;
  torch::mm(x, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-4]]:7: note: assuming 'w' is false
}
template void template_param<torch::Tensor>(std::optional<torch::Tensor>);

void lambda_param() {
  auto step = [](std::optional<torch::Tensor> w) {
    torch::Tensor x = torch::ones({2, 2}, torch::kDouble);
    if (w.has_value())
      x = *w;
    return torch::mm(x, torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-4]]:11: note: assuming 'w.has_value()' is false
  };
  step(std::nullopt);
}

#define OR_DOUBLE(o) ((o) ? *(o) : torch::ones({2, 2}, torch::kDouble))
void macro_ternary(std::optional<torch::Tensor> w) {
  torch::mm(OR_DOUBLE(w), torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

// A non-const reference parameter or range-for variable changed here only
// through its own name (a frame's optional validity plane, a buffer's
// emptiness) is split on as a const one is.
struct Frame {
  std::vector<float> depth;
  std::vector<uint8_t> valid;
};

void reference_range_variable_field(std::vector<Frame> &frames) {
  for (auto &fr : frames) {
    torch::Tensor x;
    if (fr.valid.empty())
      x = torch::ones({2, 2});
    else
      x = torch::ones({2, 2}, torch::kDouble);
    torch::mm(x, torch::ones({2, 2}));
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
    // CHECK-MESSAGES: :[[@LINE-3]]:31: note: operand 'x' has dtype Double from here
  }
}

void reference_param(std::vector<uint8_t> &buffer) {
  torch::Tensor x = torch::ones({2, 2}, torch::kHalf);
  if (buffer.empty())
    x = torch::ones({2, 2});
  torch::mm(x, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Half and Float{{.*}} [torchdtype-mixed-precision]
  // CHECK-MESSAGES: :[[@LINE-5]]:41: note: operand 'x' has dtype Half from here
}

// ---- Negatives ------------------------------------------------------------

// The same query of a reference parameter twice: both or neither.
void reference_same_query_twice(std::vector<uint8_t> &buffer) {
  torch::Tensor x = torch::ones({2, 2});
  torch::Tensor y = torch::ones({2, 2});
  if (buffer.empty())
    x = x.to(torch::kDouble);
  if (buffer.empty())
    y = y.to(torch::kDouble);
  torch::mm(x, y);
}

// A reference parameter given to unknown code by reference may have
// changed: its queries are not split on.
void fill_buffer(std::vector<uint8_t> &buffer);
void reference_param_escapes(std::vector<uint8_t> &buffer) {
  torch::Tensor x = torch::ones({2, 2});
  if (buffer.empty())
    x = x.to(torch::kDouble);
  fill_buffer(buffer);
  torch::Tensor y = torch::ones({2, 2});
  if (buffer.empty())
    y = y.to(torch::kDouble);
  torch::mm(x, y);
}

// A local reference is another name of an object the function may change
// by its own name: not split on.
void local_reference(std::vector<uint8_t> buffer) {
  std::vector<uint8_t> &alias = buffer;
  torch::Tensor x = torch::ones({2, 2});
  if (alias.empty())
    x = x.to(torch::kDouble);
  buffer.push_back(1);
  torch::Tensor y = torch::ones({2, 2});
  if (alias.empty())
    y = y.to(torch::kDouble);
  torch::mm(x, y);
}

// The same query twice: both conversions or neither, never one of them.
void same_query_twice(std::optional<torch::Tensor> w) {
  torch::Tensor x = torch::ones({2, 2});
  if (w)
    x = x.to(torch::kDouble);
  torch::Tensor y = torch::ones({2, 2});
  for (int i = 0; i < 2; ++i)
    y = y * 2;
  if (w)
    y = y.to(torch::kDouble);
  torch::mm(x, y);
}

// Each iteration's variable is a new object: what one iteration assumed of
// b.weights is not carried into the next, where both sides stay possible;
// within an iteration the two queries agree.
void per_iteration(const std::vector<Batch> &stream) {
  for (const Batch &b : stream) {
    torch::Tensor x = torch::ones({2, 2});
    if (b.weights)
      x = x.to(torch::kDouble);
    torch::Tensor y = torch::ones({2, 2});
    if (b.weights)
      y = y.to(torch::kDouble);
    torch::mm(x, y);
  }
}

// A local's query is not split on: the path chose the device, and its
// query follows it (a deployment that halves only on the GPU).
void local_query_follows_its_path(bool gpu) {
  const torch::Device device = gpu ? torch::Device(torch::kCUDA)
                                   : torch::Device(torch::kCPU);
  torch::ScalarType dtype = torch::kFloat;
  if (device.is_cuda())
    dtype = torch::kHalf;
  auto a = torch::ones({2, 2}).to(device, dtype);
  auto b = torch::ones({2, 2}).to(device, dtype);
  torch::mm(a, b);
}

// Both sides give the same dtype: nothing to report on either path.
void both_sides_agree(std::optional<torch::Tensor> w) {
  torch::Tensor x = torch::ones({2, 2});
  if (w)
    x = w->to(torch::kFloat);
  torch::mm(x, torch::ones({2, 2}));
}

// A parameter written through its accessor (`*w = ...`) is not followed:
// its query is not split on, and the paths join as before.
void written_through_accessor(std::optional<torch::Tensor> w) {
  torch::Tensor x = torch::ones({2, 2});
  if (w)
    *w = torch::ones({2, 2}, torch::kDouble);
  if (w)
    x = *w;
  torch::mm(x, torch::ones({2, 2}));
}
