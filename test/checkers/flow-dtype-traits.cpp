// An object of a class that is (or derives from) std::integral_constant of
// a ScalarType holds that dtype: `c10::CppTypeToScalarType<T>()` passed
// where a dtype is expected (TensorOptions::dtype takes an optional, which
// converts the object inside its constructor), in a template instantiated
// with a C++ element type, and a trait of the user's written the same way.
// RUN: %check_clang_tidy %s torchdtype-module-input-dtype,torchdtype-mixed-precision %t
#include <torch/torch.h>
#include <vector>

bool flag();
#define OPTIONS_OF(T) torch::TensorOptions().dtype(torch::CppTypeToScalarType<T>())

// ---- Positives ------------------------------------------------------------

void trait_object_in_options() {
  torch::nn::Linear head(3, 1);
  auto x = torch::zeros(
      {1, 3}, torch::TensorOptions().dtype(torch::CppTypeToScalarType<double>()));
  head(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'head' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

template <typename T> torch::Tensor wrapRow(std::vector<T> &row) {
  return torch::from_blob(row.data(), {1, static_cast<int64_t>(row.size())},
                          torch::TensorOptions().dtype(torch::CppTypeToScalarType<T>()));
}

void row_of_doubles_through_a_template() {
  std::vector<double> row = {1.0, 2.0, 3.0};
  torch::nn::Linear head(3, 1);
  head(wrapRow(row));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'head' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

struct WideAccumulator : std::integral_constant<c10::ScalarType, c10::kDouble> {};

void trait_of_the_users() {
  auto acc = torch::zeros({2, 2}, torch::TensorOptions().dtype(WideAccumulator()));
  torch::mm(acc, torch::ones({2, 2}));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float{{.*}} [torchdtype-mixed-precision]
}

void on_one_branch() {
  torch::Tensor x = torch::zeros({1, 3});
  if (flag())
    x = torch::zeros({1, 3}, OPTIONS_OF(double));
  else
    return;
  torch::nn::Linear head(3, 1);
  head(x);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: module 'head' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
}

void in_a_loop_and_a_lambda() {
  torch::nn::Linear head(3, 1);
  auto make = [] { return torch::ones({1, 3}, OPTIONS_OF(double)); };
  for (int i = 0; i < 3; ++i) {
    head(make());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: module 'head' has Float parameters but gets a Double input{{.*}} [torchdtype-module-input-dtype]
  }
}

// ---- Negatives ------------------------------------------------------------

void trait_of_float() {
  torch::nn::Linear head(3, 1);
  head(torch::zeros({1, 3}, OPTIONS_OF(float)));
}

void row_of_floats_through_a_template() {
  std::vector<float> row = {1.0f, 2.0f, 3.0f};
  torch::nn::Linear head(3, 1);
  head(wrapRow(row));
}

// An integral_constant of another type says nothing of a dtype.
struct Width : std::integral_constant<int, 7> {};
void unrelated_constant() {
  torch::nn::Linear head(3, 1);
  auto x = torch::zeros({1, 3});
  int w = Width();
  head(x);
  (void)w;
}

template <typename T> void generic_row(std::vector<T> &row, torch::nn::Linear &head) {
  head(wrapRow(row)); // never instantiated: nothing to judge
}
