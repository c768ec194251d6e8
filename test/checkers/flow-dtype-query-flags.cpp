// RUN: %check_clang_tidy %s torchdtype-inplace-dtype,torchdtype-mixed-precision %t
// A dtype query of a tensor whose dtype the path knows answers as the test
// itself would: `x.scalar_type()` and `x.dtype()` fold to the enumerator,
// `x.is_floating_point()` to a flag, so a flag set from one decides the
// branches that test it (the branch the data never takes is not judged).
#include <torch/torch.h>

void flag_from_scalar_type() {
  auto img = torch::randint(0, 256, {4, 4}, torch::kByte);
  const bool raw = img.scalar_type() == torch::kByte;
  if (raw)
    img.div_(255.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'div_' on 'img' of dtype Byte {{.*}} [torchdtype-inplace-dtype]
  else
    img.sub_(0.5); // never taken for a Byte image
}

void flag_from_dtype_and_a_ternary() {
  auto x = torch::randn({4, 4}, torch::kDouble);
  bool wide = x.dtype() == torch::kDouble;
  auto w = wide ? torch::randn({4, 4}, torch::kDouble) : torch::randn({4, 4});
  torch::mm(x, w);
  bool narrow = x.dtype() != torch::kDouble;
  if (narrow)
    torch::mm(x, torch::randn({4, 4}));
}

void flag_from_is_floating_point() {
  auto counts = torch::zeros({8}, torch::kLong);
  bool floating = counts.is_floating_point();
  if (floating)
    counts.mul_(0.5);
  else
    counts.add_(1);
  auto scores = torch::rand({2, 4});
  bool integral = !scores.is_floating_point();
  if (integral)
    torch::mm(scores, torch::randn({4, 2}, torch::kDouble));
}

// A helper testing its parameter: the test narrows what the argument may
// be on each path, so a caller's Long tensor never reaches the float path.
void scale_if_floating(torch::Tensor x, double s) {
  if (x.is_floating_point())
    x.mul_(s);
}
void scale_unless_byte(torch::Tensor x, double s) {
  const bool raw = x.scalar_type() == torch::kByte;
  if (!raw)
    x.mul_(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'mul_' on 'x' of dtype Long {{.*}} [torchdtype-inplace-dtype]
}
void guarded_helpers() {
  auto counts = torch::zeros({8}, torch::kLong);
  scale_if_floating(counts, 0.5);
  scale_if_floating(torch::ones({8}), 0.5);
  auto img = torch::zeros({8}, torch::kByte);
  scale_unless_byte(img, 0.5);
  scale_unless_byte(counts, 0.5);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: in this call of 'scale_unless_byte'

}

// The answer folded where the test is not branched on at once: a flag
// changed later, and a ternary picking a tensor.
void folded_answers(bool verbose) {
  auto img = torch::randint(0, 256, {4, 4}, torch::kByte);
  bool raw = img.scalar_type() == torch::kByte;
  if (raw)
    img.div_(255.0);
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'div_' on 'img' of dtype Byte {{.*}} [torchdtype-inplace-dtype]
  else
    img.sub_(0.5);
  raw = verbose;
  auto x = torch::randn({4, 4}, torch::kDouble);
  auto w = x.is_floating_point() ? torch::randn({4, 4}) : torch::randn({4, 4}, torch::kDouble);
  torch::mm(x, w);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'mm' requires operands of the same dtype but gets Double and Float; {{.*}} [torchdtype-mixed-precision]
}

void flag_from_a_parameter(torch::Tensor t) {
  bool raw = t.scalar_type() == torch::kByte;
  if (raw)
    t = t.to(torch::kFloat);
  t.mul_(0.5); // t's dtype is not known: nothing to say
}

#define IS_BYTE(x) ((x).scalar_type() == torch::kByte)
void through_a_macro_and_a_lambda() {
  auto img = torch::randint(0, 256, {4, 4}, torch::kByte);
  auto normalize = [](torch::Tensor im) {
    if (!IS_BYTE(im))
      im.sub_(0.5);
    return im;
  };
  bool raw = IS_BYTE(img);
  if (!raw)
    img.sub_(0.5);
  normalize(img);
}

template <typename T> void scaled(torch::Tensor x, T s) {
  bool f = x.is_floating_point();
  if (f)
    x.mul_(s);
}
void in_a_template() { scaled(torch::zeros({2}, torch::kLong), 0.5); }
