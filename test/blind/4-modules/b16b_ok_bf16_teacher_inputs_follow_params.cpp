// scenario: a distillation library keeps a bf16 teacher and a float64 calibration head, and every module call casts its input to that module's parameter dtype
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>

class DefaultDtypeScope {
public:
  explicit DefaultDtypeScope(caffe2::TypeMeta dtype) : saved_(torch::get_default_dtype()) { torch::set_default_dtype(dtype); }
  ~DefaultDtypeScope() { torch::set_default_dtype(saved_); }

private:
  caffe2::TypeMeta saved_;
};

torch::Dtype param_dtype(const torch::nn::Module& m) { return m.parameters().front().scalar_type(); }

torch::nn::Sequential make_mlp(int64_t in, int64_t hidden, int64_t out) {
  return torch::nn::Sequential(torch::nn::Linear(in, hidden), torch::nn::ReLU(), torch::nn::Linear(hidden, out));
}

class KnowledgeDistiller {
public:
  KnowledgeDistiller(int64_t in, int64_t classes)
      : teacher_(make_mlp(in, 128, classes)), student_(make_mlp(in, 16, classes)),
        opt_(student_->parameters(), torch::optim::AdamOptions(2e-3)) {
    DefaultDtypeScope fp64(caffe2::TypeMeta::Make<double>());
    calibration_ = torch::nn::Linear(classes, classes);  // created in float64 for a stable temperature fit
  }

  void load_teacher(torch::nn::Sequential& pretrained, torch::Dtype storage) {
    torch::NoGradGuard no_grad;
    teacher_->to(storage);
    auto src = pretrained->named_parameters();
    for (auto& dst : teacher_->named_parameters()) {
      dst.value().copy_(src[dst.key()]);
      dst.value().set_requires_grad(false);
    }
    teacher_->eval();
  }

  float step(const torch::Tensor& x, const torch::Tensor& y, double temperature) {
    namespace F = torch::nn::functional;
    torch::Tensor soft;
    {
      torch::NoGradGuard no_grad;
      auto t_logits = teacher_->forward(x.to(param_dtype(*teacher_)));
      auto calibrated = calibration_->forward(t_logits.to(param_dtype(*calibration_)));
      soft = torch::softmax(calibrated / temperature, -1).to(torch::kFloat);
    }
    auto s_logits = student_->forward(x.to(param_dtype(*student_)));
    auto loss = F::kl_div(torch::log_softmax(s_logits / temperature, -1), soft, F::KLDivFuncOptions().reduction(torch::kBatchMean)) +
                0.3 * F::cross_entropy(s_logits, y);
    opt_.zero_grad();
    loss.backward();
    opt_.step();
    return loss.item<float>();
  }

private:
  torch::nn::Sequential teacher_, student_;
  torch::nn::Linear calibration_{nullptr};
  torch::optim::Adam opt_;
};

int main() {
  torch::manual_seed(9);
  auto pretrained = make_mlp(20, 128, 5);
  KnowledgeDistiller distiller(20, 5);
  distiller.load_teacher(pretrained, torch::kBFloat16);
  auto x = torch::randn({96, 20});
  auto y = torch::randint(0, 5, {96});
  for (int epoch = 0; epoch < 3; ++epoch) {
    float last = 0.f;
    for (int64_t s = 0; s < 96; s += 32) last = distiller.step(x.slice(0, s, s + 32), y.slice(0, s, s + 32), 2.0);
    std::cout << "epoch " << epoch << " loss " << last << "\n";
  }
  return 0;
}
