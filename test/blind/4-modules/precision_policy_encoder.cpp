// scenario: an embedding service applies a process-wide precision policy to encoders it owns through unique_ptr to an abstract base
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

class PrecisionPolicy {
public:
  static PrecisionPolicy &instance() {
    static PrecisionPolicy policy;
    return policy;
  }
  torch::Dtype compute() const { return compute_; }
  void setCompute(torch::Dtype dt) { compute_ = dt; }

private:
  PrecisionPolicy() = default;
  torch::Dtype compute_ = torch::kFloat;
};

class Encoder {
public:
  virtual ~Encoder() = default;
  virtual torch::Tensor encode(const torch::Tensor &x) = 0;
  virtual void applyPolicy(const PrecisionPolicy &policy) = 0;
  virtual std::string name() const = 0;
};

class ProjectionEncoder : public Encoder {
public:
  ProjectionEncoder(int64_t in, int64_t out)
      : proj_(torch::nn::LinearOptions(in, out).bias(true)) {
    proj_->eval();
  }

  void applyPolicy(const PrecisionPolicy &policy) override {
    proj_->to(policy.compute());
  }

  torch::Tensor encode(const torch::Tensor &x) override {
    torch::NoGradGuard noGrad;
    auto dt = proj_->weight.scalar_type();
    auto y = proj_->forward(x.to(dt)); // BUG
    return torch::nn::functional::normalize(
        y.to(torch::kFloat),
        torch::nn::functional::NormalizeFuncOptions().dim(1));
  }

  std::string name() const override { return "projection"; }

private:
  torch::nn::Linear proj_;
};

class EmbeddingService {
public:
  void registerEncoder(std::unique_ptr<Encoder> enc) {
    enc->applyPolicy(PrecisionPolicy::instance());
    encoders_.push_back(std::move(enc));
  }

  std::vector<torch::Tensor> embed(const torch::Tensor &batch) {
    std::vector<torch::Tensor> out;
    for (auto &enc : encoders_)
      out.push_back(enc->encode(batch));
    return out;
  }

private:
  std::vector<std::unique_ptr<Encoder>> encoders_;
};

int main(int argc, char **argv) {
  // Deployment flag: half precision halves the memory of large encoders.
  bool lowMemory = true;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--full-precision")
      lowMemory = false;
  if (lowMemory)
    PrecisionPolicy::instance().setCompute(torch::kHalf);

  EmbeddingService service;
  service.registerEncoder(std::make_unique<ProjectionEncoder>(128, 32));

  auto batch = torch::randn({6, 128});
  for (const auto &e : service.embed(batch))
    std::cout << "embedding " << e.sizes() << "\n";
  return 0;
}
