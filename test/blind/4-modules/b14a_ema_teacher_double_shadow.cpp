// scenario: mean-teacher trainer keeps a float64 EMA copy of a float32 student and blends parameters and BatchNorm buffers by name
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <string>
#include <unordered_map>

namespace {

struct EncoderImpl : torch::nn::Cloneable<EncoderImpl> {
  explicit EncoderImpl(int64_t in, int64_t hidden, int64_t out)
      : in_(in), hidden_(hidden), out_(out) {
    reset();
  }

  void reset() override {
    fc1 = register_module("fc1", torch::nn::Linear(in_, hidden_));
    bn = register_module("bn", torch::nn::BatchNorm1d(hidden_));
    fc2 = register_module("fc2", torch::nn::Linear(hidden_, out_));
  }

  torch::Tensor forward(const torch::Tensor &x) {
    return fc2->forward(torch::relu(bn->forward(fc1->forward(x))));
  }

  int64_t in_, hidden_, out_;
  torch::nn::Linear fc1{nullptr};
  torch::nn::BatchNorm1d bn{nullptr};
  torch::nn::Linear fc2{nullptr};
};
TORCH_MODULE(Encoder);

class MeanTeacher {
public:
  MeanTeacher(Encoder student, double decay)
      : student_(std::move(student)), decay_(decay) {
    teacher_ = std::dynamic_pointer_cast<EncoderImpl>(student_->clone());
    // The teacher accumulates many tiny updates: keep it in float64.
    teacher_->to(torch::kDouble);
    teacher_->eval();
  }

  void update() {
    torch::NoGradGuard no_grad;
    auto teacher_params = teacher_->named_parameters();
    for (const auto &item : student_->named_parameters()) {
      torch::Tensor &shadow = teacher_params[item.key()];
      // lerp_ needs `end` in self's dtype: the shadow is float64.
      shadow.lerp_(item.value().detach().to(shadow.scalar_type()), 1.0 - decay_);
    }
    auto teacher_buffers = teacher_->named_buffers();
    for (const auto &item : student_->named_buffers()) {
      torch::Tensor &shadow = teacher_buffers[item.key()];
      if (item.key().find("num_batches_tracked") != std::string::npos) {
        shadow.copy_(item.value());
        continue;
      }
      shadow.lerp_(item.value().to(torch::kDouble), 1.0 - decay_);
    }
  }

  torch::Tensor teacher_logits(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    return teacher_->forward(x.to(torch::kDouble));
  }

  // Hand-rolled first layer of the teacher, used by a probe that checks the
  // shadow weights are in step with what forward() uses.
  torch::Tensor teacher_first_layer(const torch::Tensor &x) {
    const auto &fc1 = teacher_->fc1;
    return torch::addmm(fc1->bias, x.to(torch::kDouble), fc1->weight.t());
  }

  EncoderImpl &teacher() { return *teacher_; }

private:
  Encoder student_;
  std::shared_ptr<EncoderImpl> teacher_;
  double decay_;
};

} // namespace

int main() {
  torch::manual_seed(0);
  Encoder student(6, 8, 3);
  MeanTeacher mt(student, 0.9);
  torch::optim::SGD opt(student->parameters(), torch::optim::SGDOptions(0.05));

  auto x = torch::randn({16, 6});
  auto y = torch::randint(0, 3, {16});
  for (int step = 0; step < 5; ++step) {
    opt.zero_grad();
    auto loss = torch::nn::functional::cross_entropy(student->forward(x), y);
    loss.backward();
    opt.step();
    mt.update();
  }

  auto logits = mt.teacher_logits(x);
  if (logits.scalar_type() != torch::kDouble || logits.size(1) != 3)
    return 1;

  auto manual = mt.teacher_first_layer(x);
  auto via_module = mt.teacher().fc1->forward(x.to(torch::kDouble));
  if (!torch::allclose(manual, via_module))
    return 1;

  // The student ran 5 training batches; the teacher copied the count.
  auto tracked = mt.teacher().bn->num_batches_tracked.item<int64_t>();
  if (tracked != 5 || student->bn->num_batches_tracked.item<int64_t>() != 5)
    return 1;
  return 0;
}
