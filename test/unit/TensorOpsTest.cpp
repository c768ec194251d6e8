//===- TensorOpsTest.cpp - ops on tensors and their findings
//---------------===//
//
// Ops on tensors and the findings they give: MPS float64, device scalars,
// Half on the CPU per version, module inputs, loss targets, the measured
// op contracts, writes into tensors, from_blob, numbers beside tensors.
// The harness is AnnotatedSnippets.h.
//
//===----------------------------------------------------------------------===//

#include "AnnotatedSnippets.h"

namespace analysis_test {

TEST(Analysis, MpsFloat64) {
  expectAnnotated(R"cpp(
int main() {
  auto a = torch::randn({2}, torch::TensorOptions().dtype(torch::kFloat64).device(torch::kMPS)); // [[mps]]
  auto d = torch::randn({2}, torch::kDouble);
  auto m = d.to(torch::Device("mps")); // [[mps]]
  auto ok = d.to(torch::Device("mps"), torch::kFloat);
  auto cpu = d.to(torch::kCPU);
  torch::set_default_dtype(caffe2::TypeMeta::Make<double>());
  auto e = torch::zeros({2}, torch::Device(torch::kMPS)); // [[mps]]
  auto f = torch::zeros({2}, torch::TensorOptions().device(torch::kMPS).dtype(torch::kFloat));
  return 0;
}
)cpp");
}

TEST(Analysis, DeviceScalarsAndElementwise) {
  expectAnnotated(R"cpp(
void f() {
  auto c = torch::randn({2, 2}).cuda();
  auto s = torch::tensor(2.0);
  auto ok = c + s;
  auto v = torch::randn({2, 2});
  auto bad = c + v; // [[device]]
  auto bad2 = c.mul(v); // [[device]]
  auto sum = v.sum();
  auto ok2 = c * sum;
}
)cpp");
}

TEST(Analysis, HalfOnCpuDependsOnTheVersion) {
  const char *Code = R"cpp(
void f() {
  auto h = torch::randn({2, 2}, torch::kHalf);
  torch::mm(h, h); // [[half]]
  h.relu(); // [[half]]
  h.log_softmax(1); // [[half]]
  torch::log_softmax(h, 1, torch::kFloat); // computes in float32
  h + h;
  auto c = h.cuda();
  torch::mm(c, c);
  torch::nn::Linear lin(2, 2);
  lin->to(torch::kHalf);
  lin(h); // [[half]]
  at::autocast::set_cpu_enabled(true);
  torch::mm(h, h);
  at::autocast::set_cpu_enabled(false);
}
)cpp";
  expectAnnotated(Code, "1.13");
  Analysis New = analyse(Code, "2.14");
  EXPECT_TRUE(New.Found["half"].empty());
}

TEST(Analysis, ModuleInputDtype) {
  expectAnnotated(R"cpp(
void f(const torch::Tensor &unknown) {
  torch::nn::Linear lin(3, 4);
  auto x = torch::randn({2, 3});
  lin(x);
  lin(x.to(torch::kDouble)); // [[modin]]
  lin->to(torch::kHalf);
  lin->forward(x); // [[modin]]
  lin(x.to(torch::kHalf));
  lin(unknown);
  torch::nn::Embedding emb(10, 3);
  emb(torch::tensor({1, 2}));
}
)cpp");
}

TEST(Analysis, LossTargets) {
  expectAnnotated(R"cpp(
void f() {
  auto logp = torch::randn({4, 3});
  auto y = torch::tensor({0, 1, 2, 0});
  torch::nll_loss(logp, y);
  torch::nll_loss(logp, y.to(torch::kFloat)); // [[loss]]
  torch::nll_loss(logp, y.to(torch::kInt)); // [[loss]]
  torch::nll_loss(logp, y.to(torch::kByte)); // uint8 class ids run
  auto p = torch::randn({4, 3});
  // mse_loss's forward runs: the backward its value reaches throws.
  torch::mse_loss(p, p.to(torch::kDouble)).backward(); // [[loss]]
  double metric = torch::mse_loss(p, p.to(torch::kDouble)).item<double>();
  torch::mse_loss(p, p);
  torch::binary_cross_entropy(p.sigmoid(), p.to(torch::kDouble)); // [[loss]]
  torch::nn::MSELoss mse;
  auto l = mse(p, p.to(torch::kDouble));
  auto total = l + 0.1 * p.sum();
  total.backward(); // [[loss]]
  mse(p, p);
  auto clicked = torch::tensor({1, 0, 1, 0});
  torch::binary_cross_entropy_with_logits(p, clicked); // [[loss]]
  torch::binary_cross_entropy_with_logits(p, clicked.to(torch::kFloat));
  torch::mse_loss(p, clicked);
  torch::nn::Linear lin(4, 2);
  lin(clicked); // [[modin]]
  lin(clicked.to(torch::kFloat));
}
)cpp");
}

TEST(Analysis, OpContracts) {
  expectAnnotated(R"cpp(
void gathers(torch::Tensor x) {
  auto idx = torch::zeros({4, 1}, torch::kInt);
  x.gather(1, idx); // [[contract]] judged with gathersLocal's x
}
void gathersLocal() {
  auto x = torch::rand({4, 3});
  auto idx = torch::zeros({4, 1}, torch::kInt);
  x.gather(1, idx); // [[contract]]
  gathers(x);
}
void reduces() {
  auto counts = torch::randint(0, 10, {8});
  counts.mean(); // [[contract]]
}
void quiet() {
  auto counts = torch::randint(0, 10, {8});
  counts.mean(torch::kFloat); // an explicit dtype: another call
  counts.to(torch::kFloat).mean();
  auto x = torch::rand({4, 3});
  x.gather(1, torch::zeros({4, 1}, torch::kLong));
  torch::index_select(x, 0, torch::zeros({2}, torch::kInt)); // int32 runs
  auto m = (x > 0.5) & (x < 0.9);
}
void floats() {
  auto a = torch::rand({4});
  auto c = a & a; // [[contract]]
}
void unknownDevice(torch::Tensor x) {
  auto counts = torch::randint(0, 10, {8}).to(torch::kCUDA);
  counts.mean(); // measured on the CPU: not judged on CUDA
}
void resultFromTable() {
  auto in = torch::rand({4, 4});
  auto order = torch::argsort(in); // no list names argsort: Long, measured
  torch::mm(in, order); // [[mixed]]
}
)cpp",
                  "1.13");
}

TEST(Analysis, OpContractsOfAnyInputAndRandomOps) {
  // An op whose every measured dtype that runs gives one dtype gives it for
  // an input of no known dtype; random ops are measured like the others.
  expectAnnotated(R"cpp(
void sample(const torch::Tensor &ids) {
  auto counts = torch::bincount(ids); // Long, whatever ids are
  torch::multinomial(counts, 2); // [[contract]]
  torch::multinomial(counts.to(torch::kFloat), 2);
  auto order = torch::argsort(ids); // Long for every measured dtype too
  torch::mm(torch::rand({2, 2}), order); // [[mixed]]
  auto h = torch::sigmoid(ids); // its dtype follows the input: not known
  torch::mm(torch::rand({2, 2}), h);
}
void noise() {
  auto ids = torch::randint(0, 4, {4});
  torch::randn_like(ids); // [[contract]]
  torch::randn_like(ids, torch::kFloat);
}
)cpp",
                  "1.13");
}

TEST(Analysis, OpContractsOnlyFor113) {
  // Measured on 1.13.1; what 2.x changed is not recorded: quiet.
  expectAnnotated(R"cpp(
void reduces() {
  auto counts = torch::randint(0, 10, {8});
  counts.mean();
  torch::zeros({4}).gather(0, torch::zeros({2}, torch::kInt));
}
)cpp",
                  "2.14");
}

TEST(Analysis, WritesIntoTensors) {
  expectAnnotated(R"cpp(
void write(torch::Tensor &dst, const torch::Tensor &src) {
  dst.index_copy_(0, torch::arange(2), src); // [[write]]
}
void f() {
  auto a = torch::zeros({4});
  auto idx = torch::tensor({0, 1});
  auto d = torch::ones({2}, torch::kDouble);
  a.index_add_(0, idx, d); // [[write]]
  a.index_add_(0, idx, d.to(torch::kFloat));
  a.index_put_({idx}, d); // [[write]]
  a.index_put_({a > 0}, torch::tensor(1.0, torch::kDouble));
  a.scatter_(0, idx, 2.5);
  a.copy_(d);
  write(a, d);
  write(a, d.to(torch::kFloat));
  auto n = torch::arange(4);
  n /= 2; // [[write]]
  n.div_(2, "floor");
  n.mul_(0.5); // [[write]]
  n.add_(torch::ones({4}, torch::kInt));
  a.add_(d);
  auto out = torch::empty({2, 2}, torch::kDouble);
  auto m = torch::randn({2, 2});
  torch::mm_out(out, m, m); // [[out]]
  torch::mm_out(out, m.to(torch::kDouble), m.to(torch::kDouble));
  auto preds = torch::empty({2}, torch::kInt);
  at::argmax_out(preds, m, 1); // [[out]]
  at::add_out(out, m, m);
}
)cpp");
}

TEST(TensorOps, ContractsWithAnOperandOfNoKnownDType) {
  // Every measured dtype of the open operand raises the same error beside
  // the known ones: reported, the known operand named.
  expectAnnotated(R"cpp(
torch::Tensor elsewhere();
void f() {
  auto out = elsewhere();
  out.gather(1, torch::zeros({4, 1}, torch::kInt)); // [[contract]]
  out.gather(1, torch::zeros({4, 1}, torch::kLong));
  out.index_select(0, torch::zeros({2}, torch::kInt));
  out.gather(1, elsewhere());
}
)cpp",
                  "1.13");
}

TEST(Analysis, FromBlobBufferTypes) {
  expectAnnotated(R"cpp(
void f(std::vector<int64_t> &ids, void *raw, unsigned char *bytes) {
  double d[4];
  float fl[4];
  torch::from_blob(d, {4}); // [[blob]]
  torch::from_blob(d, {4}, torch::kDouble);
  torch::from_blob(fl, {4}, torch::kDouble); // [[blob]]
  torch::from_blob(fl, {4});
  torch::from_blob(ids.data(), {4}, torch::kFloat); // [[blob]]
  torch::from_blob(ids.data(), {4}, torch::kLong);
  torch::from_blob(raw, {4});
  torch::from_blob(bytes, {4}, torch::kByte);
  torch::from_blob(reinterpret_cast<float *>(d), {8});
}
)cpp");
}

// Tensor ops: a C++ number beside a tensor (torch.result_type; observed on
// LibTorch 1.13.1): an integral tensor with a floating number, or divided,
// becomes the default dtype; floating tensors keep theirs.
TEST(TensorOps, NumbersBesideTensors) {
  expectAnnotated(R"cpp(
void f() {
  auto w = torch::randn({3, 3}, torch::kDouble);
  auto ids = torch::arange(9).view({3, 3});
  auto pixels = torch::randint(0, 255, {3, 3}, torch::kByte);
  torch::mm(ids / 2, w);         // [[mixed]]
  torch::mm(pixels / 255.0, w);  // [[mixed]]
  torch::mm(2.0 * ids, w);       // [[mixed]]
  torch::mm(ids * 2, w);         // [[mixed]] Long beside Double throws too
  torch::mm(ids.div(2), w.to(torch::kFloat));
  torch::mm(w * 2.0, w);
  auto half = torch::ones({3, 3}, torch::kHalf) * 2.0;
  torch::mm(half, w);            // [[mixed]]
}
void positions() {
  auto tokens = torch::randn({7, 12});
  // linspace always has a dimension: it widens tokens to Double.
  auto pos = torch::linspace(0.0, 1.0, 7, torch::kDouble).unsqueeze(1);
  auto x = tokens + pos;
  torch::mm(x, torch::randn({12, 2})); // [[mixed]]
}
)cpp");
}

// Ops that need one dtype throw on any two dtypes, integral ones included,
// and autocast does not reconcile an integral operand (observed on LibTorch
// 1.13.1).
TEST(TensorOps, IntegralOperandsInSameDtypeOps) {
  expectAnnotated(R"cpp(
void f() {
  auto w = torch::randn({3, 3});
  auto labels = torch::tensor({0, 1, 2});
  auto ids = torch::randint(0, 5, {3, 3});
  torch::mm(w, ids);                             // [[mixed]]
  torch::matmul(ids, w);                         // [[mixed]]
  torch::mm(ids, ids);
  torch::mm(ids, ids.to(torch::kInt));           // [[mixed]]
  torch::mv(w, labels);                          // [[mixed]]
  torch::mm(w, ids.to(torch::kFloat));
  torch::mm(w, (ids > 2).to(w.dtype()));
  auto counts = torch::ones({3}, torch::kInt).sum();
  torch::mv(w, labels.to(torch::kFloat) * counts); // a 0-dim Long: Float
  at::autocast::set_cpu_enabled(true);
  torch::mm(w, ids);                             // [[mixed]]
  torch::mm(w, ids.to(torch::kBFloat16));
  at::autocast::set_cpu_enabled(false);
}
)cpp",
                  "1.13");
}

} // namespace analysis_test
