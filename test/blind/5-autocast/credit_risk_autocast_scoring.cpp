// scenario: a credit-risk scorer enables CPU autocast for its batch job and feeds applicant features parsed into double
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Applicant {
  std::string id;
  std::vector<double> features;
};

Applicant parseCsvRow(const std::string &line) {
  std::stringstream ss(line);
  Applicant a;
  std::getline(ss, a.id, ',');
  for (std::string cell; std::getline(ss, cell, ',');) a.features.push_back(std::stod(cell));
  return a;
}

class AutocastRegion {
public:
  AutocastRegion() : was_enabled_(at::autocast::is_cpu_enabled()) { at::autocast::set_cpu_enabled(true); }
  ~AutocastRegion() {
    at::autocast::set_cpu_enabled(was_enabled_);
    at::autocast::clear_cache();
  }

private:
  bool was_enabled_;
};

class RiskModelImpl : public torch::nn::Module {
public:
  explicit RiskModelImpl(int64_t dim)
      : hidden_(register_module("hidden", torch::nn::Linear(dim, 32))),
        out_(register_module("out", torch::nn::Linear(32, 1))) {}
  torch::Tensor forward(const torch::Tensor &x) {
    auto h = torch::relu(hidden_(x)); // BUG
    return torch::sigmoid(out_(h));
  }

private:
  torch::nn::Linear hidden_, out_;
};
TORCH_MODULE(RiskModel);

torch::Tensor toBatch(const std::vector<Applicant> &rows) {
  std::vector<torch::Tensor> feats;
  for (const auto &r : rows)
    feats.push_back(torch::from_blob(const_cast<double *>(r.features.data()),
                                     {static_cast<int64_t>(r.features.size())}, torch::kFloat64));
  return torch::stack(feats);
}

} // namespace

int main() {
  std::vector<std::string> csv = {"A-17,0.42,710,0.13,5,1", "A-18,0.91,580,0.55,1,0",
                                  "A-19,0.12,802,0.02,12,1"};
  std::vector<Applicant> applicants;
  for (const auto &line : csv) applicants.push_back(parseCsvRow(line));

  RiskModel model(5);
  model->eval();
  torch::NoGradGuard no_grad;
  torch::Tensor risk;
  {
    AutocastRegion autocast; // autocast casts the matmuls to bfloat16 for us
    risk = model(toBatch(applicants));
  }
  for (size_t i = 0; i < applicants.size(); ++i)
    std::cout << applicants[i].id << " risk " << risk[i].item<float>() << "\n";
  return 0;
}
