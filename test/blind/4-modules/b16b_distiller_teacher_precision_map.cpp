// scenario: a distillation library stores the teacher in the precision named in its config, then feeds it the loader's float32 batches
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct EncoderImpl : torch::nn::Module {
  EncoderImpl(int64_t in, int64_t hidden, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, classes))) {}
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(fc1->forward(x)); // BUG
    return fc2->forward(x);
  }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(Encoder);

struct DistillConfig {
  int64_t in_features = 20;
  int64_t teacher_hidden = 256;
  int64_t student_hidden = 32;
  int64_t classes = 5;
  std::string teacher_precision = "bf16";  // frozen teacher: keep it small
  double temperature = 2.0;
  double alpha = 0.7;
};

torch::Dtype precision_from_name(const std::string& name) {
  static const std::map<std::string, torch::Dtype> table = {
      {"fp32", torch::kFloat32}, {"bf16", torch::kBFloat16}, {"fp64", torch::kFloat64}};
  return table.at(name);
}

class Distiller {
public:
  explicit Distiller(DistillConfig cfg)
      : cfg_(std::move(cfg)),
        teacher_(cfg_.in_features, cfg_.teacher_hidden, cfg_.classes),
        student_(cfg_.in_features, cfg_.student_hidden, cfg_.classes),
        opt_(student_->parameters(), torch::optim::AdamOptions(1e-3)) {}

  void setup() {
    teacher_->to(precision_from_name(cfg_.teacher_precision));
    teacher_->eval();
    for (auto& p : teacher_->parameters()) p.set_requires_grad(false);
  }

  float step(const torch::Tensor& x, const torch::Tensor& y) {
    namespace F = torch::nn::functional;
    torch::Tensor soft_targets;
    {
      torch::NoGradGuard no_grad;
      soft_targets = torch::softmax(teacher_->forward(x) / cfg_.temperature, -1).to(torch::kFloat);
    }
    auto logits = student_->forward(x);
    auto kd = F::kl_div(torch::log_softmax(logits / cfg_.temperature, -1), soft_targets,
                        F::KLDivFuncOptions().reduction(torch::kBatchMean));
    auto loss = cfg_.alpha * kd * cfg_.temperature * cfg_.temperature + (1 - cfg_.alpha) * F::cross_entropy(logits, y);
    opt_.zero_grad();
    loss.backward();
    opt_.step();
    return loss.item<float>();
  }

private:
  DistillConfig cfg_;
  Encoder teacher_, student_;
  torch::optim::Adam opt_;
};

class ReviewFeatures : public torch::data::datasets::Dataset<ReviewFeatures> {
public:
  ReviewFeatures(int64_t n, int64_t dim) : x_(torch::randn({n, dim})), y_(torch::randint(0, 5, {n})) {}
  torch::data::Example<> get(size_t i) override { return {x_[i], y_[i]}; }
  torch::optional<size_t> size() const override { return static_cast<size_t>(x_.size(0)); }

private:
  torch::Tensor x_, y_;
};

int main() {
  torch::manual_seed(7);
  Distiller distiller{DistillConfig{}};
  distiller.setup();
  auto loader = torch::data::make_data_loader(ReviewFeatures(64, 20).map(torch::data::transforms::Stack<>()), 16);
  for (int epoch = 0; epoch < 2; ++epoch)
    for (auto& batch : *loader)
      std::cout << "loss " << distiller.step(batch.data, batch.target) << "\n";
  return 0;
}
